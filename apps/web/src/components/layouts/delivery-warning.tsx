import type { Role } from '@rehabit/contract';
import { useDeliveryStatus } from '@web/features/admin-clinics';
import { MailWarning } from 'lucide-react';

/** Tells a platform admin, on every screen, that e-mail or texts reach nobody until the server is configured. */
export function DeliveryWarning({ role }: { role: Role }) {
  const { data } = useDeliveryStatus(role);
  if (!data || data.warnings.length === 0) return null;
  return (
    <div className="delivery-warning" role="alert">
      <MailWarning size={18} aria-hidden="true" />
      <ul>
        {data.warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  );
}
