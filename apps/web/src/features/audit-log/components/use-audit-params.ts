import { type AuditAction, auditActions, type Role } from '@rehabit/contract';
import { useClinicChoice } from '@web/features/clinics';
import { useAddressParams } from '@web/lib/address-params.ts';
import type { AuditLogParams } from '../api/get-audit-log.ts';

/** The viewer's filter, as the address keeps it (so a filtered log can be linked to and reloaded). */
export type AuditFilterValues = {
  clinic: string;
  action: AuditAction | '';
  user: string;
  patient: string;
  from: string;
  to: string;
};

const keys = ['action', 'user', 'patient', 'from', 'to'] as const;
const positive = (value: string) => (/^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/** `role`: an admin's clinic is the one chosen for every screen (decision 1150); a supervisor's is their own. */
export function useAuditParams(role: Role) {
  const [params, setParams] = useAddressParams();
  const clinic = useClinicChoice(role);
  const action = params.get('action') ?? '';
  const values: AuditFilterValues = {
    clinic: clinic.code ?? '',
    action: (auditActions as readonly string[]).includes(action) ? (action as AuditAction) : '',
    user: params.get('user') ?? '',
    patient: params.get('patient') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);

  /** What the API is asked: only the filters that are set. */
  const filter: Omit<AuditLogParams, 'page'> = {
    clinic_code: values.clinic || undefined,
    action: values.action || undefined,
    user_id: positive(values.user),
    patient_id: positive(values.patient),
    from: values.from || undefined,
    to: values.to || undefined,
  };

  /** The filters applied together, from the first page; the clinic becomes the admin's choice everywhere. */
  const apply = (next: AuditFilterValues) =>
    clinic.choose(next.clinic || null, {
      ...Object.fromEntries(keys.map((key) => [key, next[key] || null])),
      page: null,
    });
  const setPage = (next: number) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      out.set('page', String(next));
      return out;
    });
  return { values, filter, page, apply, setPage };
}
