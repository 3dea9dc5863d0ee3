import { ProgressPage } from '@web/features/patient-app/components/progress/progress-page.tsx';

export function ProgressRoute() {
  return <ProgressPage />;
}
