import { AuditLogScreen } from '@web/features/audit-log/components/audit-log-screen.tsx';
import { useCurrentUser } from '@web/features/session';
import './screens.css';

export function AuditLogRoute() {
  // The protected layout renders screens only once the user is known.
  return <AuditLogScreen user={useCurrentUser().data!} />;
}
