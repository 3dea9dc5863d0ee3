import { lazy, Suspense } from 'react';

// Loaded in a step of its own, so the patient side's route table (part of the sign-in page) names one file for it.
const PatientVisitPage = lazy(() =>
  import('@web/features/patient-app/components/visit/patient-visit-page.tsx').then((m) => ({
    default: m.PatientVisitPage,
  })),
);

export function Component() {
  return (
    <Suspense fallback={null}>
      <PatientVisitPage />
    </Suspense>
  );
}
