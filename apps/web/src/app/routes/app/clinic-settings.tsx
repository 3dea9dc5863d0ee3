import { ButtonLink } from '@web/components/ui/button/button-link.tsx';
import { paths } from '@web/config/paths.ts';
import { ClinicSettingsScreen } from '@web/features/clinic-settings/components/clinic-settings-screen.tsx';
import { useClinicChoice } from '@web/features/clinics';
import { useCurrentUser } from '@web/features/session';
import { lazy, Suspense } from 'react';
import './screens.css';

// The billing settings (timezone, rates, NPIs) are their own module, shown here rather than built again.
const BillingSettingsPanel = lazy(() =>
  import('@web/features/billing-settings/components/billing-settings-panel.tsx').then((m) => ({
    default: m.BillingSettingsPanel,
  })),
);

export function ClinicSettingsRoute() {
  // The protected layout renders screens only once the user is known.
  const user = useCurrentUser().data!;
  // An admin's clinic is the one chosen for every screen (decision 1150).
  const clinic = useClinicChoice(user.role);
  return (
    <ClinicSettingsScreen
      user={user}
      clinicCode={clinic.code}
      billingSettings={(clinicCode) => (
        <Suspense fallback={null}>
          <BillingSettingsPanel clinicCode={clinicCode} />
        </Suspense>
      )}
      chooseClinic={<ButtonLink to={paths.adminClinics.getHref()}>Go to clinics</ButtonLink>}
    />
  );
}
