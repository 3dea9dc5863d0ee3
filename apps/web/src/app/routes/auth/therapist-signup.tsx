import { AuthCard } from '@web/components/layouts/auth-layout.tsx';
import { SignupForm } from '@web/features/auth/components/signup-form.tsx';
import { useSearchParams } from 'react-router';

/** Staff sign up here; a colleague's invitation links to `/therapist-signup?referral=…&code=CLINIC`. */
export function TherapistSignupRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard
      title="Create a staff account"
      subtitle="For therapists and office managers. Your clinic supervisor approves new accounts."
      isWide
    >
      <SignupForm referral={params.get('referral') ?? undefined} clinicCode={params.get('code') ?? undefined} />
    </AuthCard>
  );
}
