import { QrCode } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/layouts/auth-layout.tsx';
import { EmptyState } from '../../../components/ui/feedback/empty-state.tsx';

/** Patients arrive here from their clinic's QR code; the registration steps come with the patients area. */
export function PatientSignupRoute() {
  const [params] = useSearchParams();
  const clinic = params.get('clinic');
  return (
    <AuthCard title="Patient sign-up" subtitle={clinic ? `Clinic code ${clinic}` : undefined}>
      <EmptyState
        icon={QrCode}
        title="Sign-up opens from your clinic's QR code"
        description="Scan the QR code your clinic gave you with your phone's camera. You will confirm your phone number and then see your exercises."
      />
    </AuthCard>
  );
}
