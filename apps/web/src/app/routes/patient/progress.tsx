import { ProgressPage } from '@web/features/patient-app/components/progress/progress-page.tsx';

export function Component() {
  return <ProgressPage />;
}
