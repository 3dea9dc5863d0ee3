/**
 * The billing queries, under one root so a new file (made again or uploaded) refreshes every figure of the clinic.
 * `clinic` is the code an admin chose, or null for the caller's own clinic.
 */
export const billingKeys = {
  all: ['billing'] as const,
  clinic: (clinic: string | null) => ['billing', clinic ?? 'own'] as const,
  units: (clinic: string | null, month: string, page: number) =>
    [...billingKeys.clinic(clinic), 'units', month, page] as const,
  chart: (clinic: string | null, year: number, currentMonth: number) =>
    [...billingKeys.clinic(clinic), 'chart', year, currentMonth] as const,
  file: (clinic: string | null, month: string) => [...billingKeys.clinic(clinic), 'file', month] as const,
  signOff: (clinic: string | null, month: string) => [...billingKeys.clinic(clinic), 'sign-off', month] as const,
  postClose: (clinic: string | null, month: string) => [...billingKeys.clinic(clinic), 'post-close', month] as const,
  claimsCheck: (clinic: string | null, month: string) =>
    [...billingKeys.clinic(clinic), 'claims-check', month] as const,
  fhirExports: (clinic: string | null, month: string) =>
    [...billingKeys.clinic(clinic), 'fhir-exports', month] as const,
  fhirExport: (id: number) => [...billingKeys.all, 'fhir-export', id] as const,
};
