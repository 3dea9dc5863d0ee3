import { ProgressPage } from '../../../features/patient-app/components/progress/progress-page.tsx';

export function ProgressRoute() {
  return <ProgressPage />;
}
