import { type ClinicLogoUpload, clinicSettingsEndpoints } from '@rehabit/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, download } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { clinicQueryKey } from './get-clinic.ts';

const logoQueryKey = (clinicCode: string) => ['clinics', clinicCode, 'logo'] as const;

/** The clinic's logo as an image (decision 1430), read with the session's token: asked for only when it has one. */
export const useClinicLogo = (clinicCode: string, hasLogo: boolean) =>
  useQuery({
    queryKey: logoQueryKey(clinicCode),
    queryFn: async ({ signal }) =>
      (await download(clinicSettingsEndpoints.logo, { params: { clinicCode }, signal })).blob,
    enabled: hasLogo,
    meta: { errorHandling: 'silent' },
  });

/** Sets the logo, or removes it with null; the answer is the clinic as it now is. A refusal is shown by the form. */
export function useChangeClinicLogo(clinicCode: string) {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: (upload: ClinicLogoUpload | null) =>
      upload
        ? call(clinicSettingsEndpoints.changeLogo, { params: { clinicCode }, body: upload })
        : call(clinicSettingsEndpoints.removeLogo, { params: { clinicCode } }),
    meta: { errorHandling: 'silent' },
    onSuccess: (clinic) => {
      queryClient.setQueryData(clinicQueryKey(clinicCode), clinic);
      queryClient.removeQueries({ queryKey: logoQueryKey(clinicCode) });
    },
  });
}
