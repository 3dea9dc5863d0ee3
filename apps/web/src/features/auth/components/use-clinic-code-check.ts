import { clinicCodeSchema } from '@rehabit/contract';
import { useCheckClinicCode } from '@web/features/clinics';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import type { CodeCheck } from './clinic-code-status.tsx';

export const CODE_CHECK_DEBOUNCE_MS = 400;

/** Checks the clinic code as it is typed, once typing pauses, and only when it looks like a code. */
export function useClinicCodeCheck(typed: string): CodeCheck & { code: string | null } {
  const debounced = useDebouncedValue(typed, CODE_CHECK_DEBOUNCE_MS);
  const parsed = clinicCodeSchema.safeParse(debounced);
  const code = parsed.success ? parsed.data : null;
  const query = useCheckClinicCode(code);
  const isTyping = typed !== debounced;
  if (!typed.trim() || (!isTyping && code === null)) return { state: 'idle', code };
  if (isTyping || query.isPending) return { state: 'checking', code };
  if (query.isError) return { state: 'failed', code };
  return { state: 'done', result: query.data, code };
}
