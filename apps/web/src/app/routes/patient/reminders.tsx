import { RemindersPage } from '@web/features/patient-app/components/reminders/reminders-page.tsx';

export function Component() {
  return <RemindersPage />;
}
