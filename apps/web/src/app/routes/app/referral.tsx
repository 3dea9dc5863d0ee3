import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { NewPill } from '@web/components/ui/badge/new-pill.tsx';
import { ReferralProgram } from '@web/features/referral/components/referral-program.tsx';
import { useCurrentUser } from '@web/lib/session/get-current-user.ts';
import './screens.css';

export function ReferralRoute() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader
        title="Referral program"
        description="Invite a colleague to Rehabit by e-mail and follow the invitation until their account is approved."
        badge={<NewPill isActive={!!user.data?.is_feature_notification_on} x="0px" y="0px" />}
      />
      <ReferralProgram />
    </>
  );
}
