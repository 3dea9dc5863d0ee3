import { AnnouncementsScreen } from '@web/features/announcements/components/announcements-screen.tsx';
import './screens.css';

export function AdminAnnouncementsRoute() {
  return <AnnouncementsScreen />;
}
