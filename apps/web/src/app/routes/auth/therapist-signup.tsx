import { AuthCard } from '../../../components/layouts/auth-layout.tsx';
import { SignupForm } from '../../../features/auth/components/signup-form.tsx';

export function TherapistSignupRoute() {
  return (
    <AuthCard
      title="Create a staff account"
      subtitle="For therapists and office managers. Your clinic supervisor approves new accounts."
      isWide
    >
      <SignupForm />
    </AuthCard>
  );
}
