import { type FhirExport, fhirBulkEndpoints } from '@rehabit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, download, saveFile } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { clinicQuery, monthParts } from '../lib/billing-month.ts';
import { billingKeys } from './keys.ts';

/** How often a waiting or running export's state is asked for. */
const POLL_MS = 2000;

export const isExportActive = (item: FhirExport) => item.status === 'queued' || item.status === 'running';

/** The month's latest FHIR export of the clinic (decision 1440), or null when none was made. */
export const useLatestFhirExport = (clinic: string | null, month: string) =>
  useQuery({
    queryKey: billingKeys.fhirExports(clinic, month),
    queryFn: async ({ signal }) => {
      const page = await call(fhirBulkEndpoints.list, {
        query: { ...clinicQuery(clinic), month, page: 1, page_size: 1 },
        signal,
      });
      return page.results[0] ?? null;
    },
    meta: { errorHandling: 'silent' },
  });

/**
 * An export's state, asked for again every two seconds while it waits or runs; once it ends, it is the month's
 * latest as it now stands.
 */
export function useFhirExportState(item: FhirExport, clinic: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: billingKeys.fhirExport(item.id),
    queryFn: async ({ signal }) => {
      const state = await call(fhirBulkEndpoints.state, { params: { id: item.id }, signal });
      if (!isExportActive(state)) queryClient.setQueryData(billingKeys.fhirExports(clinic, state.month), state);
      return state;
    },
    initialData: item,
    refetchInterval: (query) => (query.state.data && isExportActive(query.state.data) ? POLL_MS : false),
    meta: { errorHandling: 'silent' },
  });
}

/** Starts the month's export (or gets the one already under way); the month's latest is read again. */
export function useStartFhirExport(clinic: string | null, month: string) {
  return useChangeMutation({
    mutationFn: () => call(fhirBulkEndpoints.start, { query: clinicQuery(clinic), body: monthParts(month) }),
    meta: { errorHandling: 'silent' },
    stale: [billingKeys.fhirExports(clinic, month)],
  });
}

/** Saves one resource type's NDJSON file of a made export. */
export const useDownloadFhirFile = (id: number) =>
  useMutation({
    mutationFn: async (type: string) => saveFile(await download(fhirBulkEndpoints.download, { params: { id, type } })),
    meta: { errorHandling: 'silent' },
  });
