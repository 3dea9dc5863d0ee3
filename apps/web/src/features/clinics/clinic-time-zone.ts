import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '@web/features/session';
import { clinicQueryOptions } from './api/get-clinic.ts';

/**
 * The timezone a staff screen shows times in (decision 1252): the signed-in staff member's clinic, or the clinic
 * named; `null` names no clinic (an admin's view of every clinic), read in UTC as that view's dates are. Undefined
 * until the clinic is read, or when it cannot be.
 */
export function useClinicTimeZone(clinicCode?: string | null): string | undefined {
  const user = useCurrentUser();
  const code = clinicCode === undefined ? user.data?.code : clinicCode;
  // The clinic is read once and kept: the same query as the billing screen and the admin's clinic choice.
  const clinic = useQuery({ ...clinicQueryOptions(code ?? ''), enabled: !!code });
  return code === null ? 'UTC' : clinic.data?.timezone;
}
