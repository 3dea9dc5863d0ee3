import { adminClinicsEndpoints, type ClinicRef, MAX_PAGE_SIZE } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

// Ten pages of a hundred: far more clinics than a platform has; the cap only guards against a runaway loop.
const MAX_PAGES = 10;

/** Every clinic's code and name by name, read in pages of 100 until the last: what the admin chooses from. */
export async function getClinicChoices(signal?: AbortSignal): Promise<ClinicRef[]> {
  const clinics: ClinicRef[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await call(adminClinicsEndpoints.choices, { query: { page, page_size: MAX_PAGE_SIZE }, signal });
    clinics.push(...answer.results);
    if (answer.next === null) break;
  }
  return clinics;
}

/** Under `admin/clinics`, so a new clinic or a clinic's new name refreshes the choices too. */
export const clinicChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'clinics', 'choices'],
    queryFn: ({ signal }) => getClinicChoices(signal),
    staleTime: 5 * 60_000,
    meta: { errorHandling: 'silent' },
  });

export const useClinicChoices = () => useQuery(clinicChoicesQueryOptions());
