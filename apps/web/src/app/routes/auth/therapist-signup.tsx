import { AuthCard } from '@web/components/layouts/auth-layout.tsx';
import { SignupForm } from '@web/features/auth/components/signup-form.tsx';

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
