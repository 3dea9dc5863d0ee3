import { type ClinicRef, can, type Role } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@web/lib/api-error.ts';
import { clinicQueryOptions } from './api/get-clinic.ts';
import { useChosenClinicCode } from './clinic-choice.ts';

/**
 * The clinic a screen's actions work in (decision 1152): a staff member's own; for a platform admin the clinic they
 * chose, or none when they look at every clinic or named a code of no clinic. A patient is registered, and the QR
 * sign-up card printed, for this clinic only.
 */
export type WorkingClinic = { kind: 'clinic'; clinic: ClinicRef } | { kind: 'all' } | { kind: 'unknown'; code: string };

type Worker = { role: Role; code: string; clinic_name: string };

export function useWorkingClinic(user: Worker): WorkingClinic {
  const code = useChosenClinicCode(user.role);
  // The header reads the same clinic: one request, kept for both.
  const chosen = useQuery({ ...clinicQueryOptions(code ?? ''), enabled: code !== null });
  if (!can(user.role, 'clinics.all')) return { kind: 'clinic', clinic: { code: user.code, name: user.clinic_name } };
  if (!code) return { kind: 'all' };
  if (isApiError(chosen.error) && chosen.error.status === 404) return { kind: 'unknown', code };
  // Until its name comes (or if it cannot), the clinic goes by its code.
  return { kind: 'clinic', clinic: { code, name: chosen.data?.name ?? code } };
}
