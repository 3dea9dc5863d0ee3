import { newFeatureKeys } from '@rehabit/contract';
import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { NewPill } from '@web/components/ui/badge/new-pill.tsx';
import { ReferralProgram } from '@web/features/referral/components/referral-program.tsx';
import { useCurrentUser } from '@web/features/session';
import dayjs from 'dayjs';
import './screens.css';

export function ReferralRoute() {
  const user = useCurrentUser();
  // The same rule as the menu's pill: released in the last 30 days and the user's notices still on.
  const isNew = newFeatureKeys(dayjs().format('YYYY-MM-DD'), !!user.data?.is_feature_notification_on).has('referral');
  return (
    <>
      <PageHeader
        title="Referral program"
        description="Invite a colleague to Rehabit by e-mail and follow the invitation until their account is approved."
        badge={<NewPill isActive={isNew} x="0px" y="0px" />}
      />
      <ReferralProgram />
    </>
  );
}
