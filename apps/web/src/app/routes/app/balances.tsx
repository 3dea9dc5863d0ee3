import { BillingScreen } from '@web/features/billing/components/billing-screen.tsx';
import { useCurrentUser } from '@web/lib/session/get-current-user.ts';
import './screens.css';

export function BalancesRoute() {
  // The protected layout renders screens only once the user is known.
  const user = useCurrentUser().data!;
  // The clinic's billing settings (features/billing-settings) mount through `settings`, for the roles that may see
  // them (`billing.settings`); it is given the clinic an admin picked (null: the user's own clinic).
  return <BillingScreen user={user} />;
}
