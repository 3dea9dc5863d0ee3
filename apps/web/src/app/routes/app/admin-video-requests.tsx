import { RequestQueue } from '@web/features/hep-requests/components/request-queue.tsx';
import './screens.css';

export function AdminVideoRequestsRoute() {
  return <RequestQueue />;
}
