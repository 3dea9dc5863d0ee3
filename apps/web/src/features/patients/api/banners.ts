import { type BannerKey, bannerEndpoints, type Patient, type PatientBanners } from '@rehabit/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { monitoringKeys } from '@web/features/monitoring';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';

export const getBanners = (patientId: number, signal?: AbortSignal) =>
  call(bannerEndpoints.snoozes, { params: { patientId }, signal });

export const snoozeBanner = ({ patientId, banner }: { patientId: number; banner: BannerKey }) =>
  call(bannerEndpoints.snooze, { params: { patientId, banner } });

/**
 * The banners the caller is shown on a patient's dashboard. Keyed under the patient's monitored minutes, so a call
 * logged or deleted reads them again, and by what they read of the record (status, consent).
 */
const bannersKey = (patient: Pick<Patient, 'id' | 'status' | 'consent_date'>) => [
  ...monitoringKeys.patient(patient.id),
  'banners',
  patient.status,
  patient.consent_date,
];

export const useBanners = (patient: Patient) =>
  useQuery({
    queryKey: bannersKey(patient),
    queryFn: ({ signal }) => getBanners(patient.id, signal),
    meta: { errorHandling: 'silent' },
  });

/** Snoozes one banner for the caller; it leaves the strip at once, and the answer is read again after. */
export function useSnoozeBanner(patient: Patient) {
  const queryClient = useQueryClient();
  const key = bannersKey(patient);
  return useChangeMutation({
    mutationFn: (banner: BannerKey) => snoozeBanner({ patientId: patient.id, banner }),
    onSuccess: (snooze) => {
      queryClient.setQueryData<PatientBanners>(key, (old) =>
        old
          ? {
              ...old,
              banners: old.banners.filter((b) => b.banner !== snooze.banner),
              snoozes: [...old.snoozes.filter((s) => s.banner !== snooze.banner), snooze],
            }
          : old,
      );
    },
    stale: [key],
  });
}
