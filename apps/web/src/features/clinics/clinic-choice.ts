import { can, clinicCodeSchema, type Role } from '@rehabit/contract';
import { useAddressParams } from '@web/lib/address-params.ts';
import { registerReset } from '@web/lib/client-state.ts';
import { readTabValue, writeTabValue } from '@web/lib/storage.ts';
import { useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The clinic a platform admin works in (decision 1150): one clinic by its code, or null for every clinic. The
 * address's `clinic` parameter says it, so a link or a reload keeps it; the tab remembers the last choice, so
 * going to another screen and back keeps it too. Everyone else works in their own clinic and chooses nothing.
 */
const CLINIC_PARAM = 'clinic';

/** Where the tab remembers the choice, so it survives a reload. */
const CLINIC_CHOICE_KEY = 'rehabit.clinic_choice';

/** What the picker offers for every clinic, and what the header says then. */
export const ALL_CLINICS = 'All clinics';

/** A clinic code as the API takes it; anything else is no code. */
const codeOf = (value: string | null) => clinicCodeSchema.safeParse(value ?? '').data ?? null;

// The remembered choice lives in the tab's storage only; screens that show it are told when it changes.
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const rememberedCode = () => codeOf(readTabValue(CLINIC_CHOICE_KEY));

function remember(code: string | null) {
  writeTabValue(CLINIC_CHOICE_KEY, code);
  for (const listener of listeners) listener();
}

registerReset(() => remember(null));

/** Only those who see every clinic choose one; everyone else works in their own. */
const isAdmin = (role: Role) => can(role, 'clinics.all');

/** The admin's clinic as the address or, without it, the tab remembers it; null: every clinic (or not an admin). */
export function useChosenClinicCode(role: Role): string | null {
  const [params] = useSearchParams();
  const remembered = useSyncExternalStore(subscribe, rememberedCode);
  if (!isAdmin(role)) return null;
  return params.has(CLINIC_PARAM) ? codeOf(params.get(CLINIC_PARAM)) : remembered;
}

/**
 * The choice on a screen that shows one clinic or every clinic: the address's choice becomes the remembered one,
 * and a remembered choice is written into the address, so the address always says what the screen shows.
 */
export function useClinicChoice(role: Role) {
  const [params, setParams] = useAddressParams();
  const code = useChosenClinicCode(role);
  const inAddress = params.has(CLINIC_PARAM);

  useEffect(() => {
    if (!isAdmin(role)) return;
    if (inAddress) {
      if (code !== rememberedCode()) remember(code);
    } else if (code) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(CLINIC_PARAM, code);
          return next;
        },
        { replace: true },
      );
    }
  }, [role, code, inAddress, setParams]);

  /** Chooses a clinic, or every clinic with null; `others` change the address's other parameters at once. */
  const choose = (next: string | null, others: Record<string, string | null> = {}) => {
    remember(next);
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        for (const [key, value] of Object.entries({ ...others, [CLINIC_PARAM]: next })) {
          if (value) out.set(key, value);
          else out.delete(key);
        }
        return out;
      },
      { replace: true },
    );
  };

  return { code, isAdmin: isAdmin(role), choose };
}
