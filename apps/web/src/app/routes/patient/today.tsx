import { TodayPage } from '@web/features/patient-app/components/today/today-page.tsx';

export function Component() {
  return <TodayPage />;
}
