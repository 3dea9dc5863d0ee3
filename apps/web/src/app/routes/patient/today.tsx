import { TodayPage } from '../../../features/patient-app/components/today/today-page.tsx';

export function TodayRoute() {
  return <TodayPage />;
}
