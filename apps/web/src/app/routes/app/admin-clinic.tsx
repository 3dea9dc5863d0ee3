import { ClinicOverviewScreen } from '@web/features/admin-clinics/components/clinic-overview-screen.tsx';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import './screens.css';

const BillingSettingsPanel = lazy(() =>
  import('@web/features/billing-settings/components/billing-settings-panel.tsx').then((m) => ({
    default: m.BillingSettingsPanel,
  })),
);

export function AdminClinicRoute() {
  const code = (useParams().code ?? '').toUpperCase();
  return (
    <ClinicOverviewScreen
      key={code}
      clinicCode={code}
      billingSettings={
        <Suspense fallback={null}>
          <BillingSettingsPanel clinicCode={code} isReadOnly />
        </Suspense>
      }
    />
  );
}
