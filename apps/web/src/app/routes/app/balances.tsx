import { StaffPay } from '@web/features/balances/components/staff-pay.tsx';
import { BillingScreen } from '@web/features/billing/components/billing-screen.tsx';
import { useCurrentUser } from '@web/features/session';
import { lazy, Suspense } from 'react';
import './screens.css';

// The clinic's billing settings load with their own module, after the month's figures.
const BillingSettingsPanel = lazy(() =>
  import('@web/features/billing-settings/components/billing-settings-panel.tsx').then((m) => ({
    default: m.BillingSettingsPanel,
  })),
);

export function BalancesRoute() {
  // The protected layout renders screens only once the user is known.
  const user = useCurrentUser().data!;
  return (
    <BillingScreen
      user={user}
      staffPay={(view) => <StaffPay {...view} />}
      // The settings of the clinic shown: an admin's pick, or (null) the user's own clinic.
      settings={(clinicCode) => (
        <Suspense fallback={null}>
          <BillingSettingsPanel clinicCode={clinicCode ?? undefined} />
        </Suspense>
      )}
    />
  );
}
