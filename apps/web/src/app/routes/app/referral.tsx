import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { NewPill } from '@web/components/ui/badge/new-pill.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { useCurrentUser } from '@web/lib/session/get-current-user.ts';
import { Gift } from 'lucide-react';
import './screens.css';

export function ReferralRoute() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader
        title="Referral program"
        description="Invite a colleague to Rehabit by e-mail and follow the invitation."
        badge={<NewPill isActive={!!user.data?.is_feature_notification_on} x="0px" y="0px" />}
      />
      <section className="section-card" aria-label="Referrals">
        <EmptyState
          icon={Gift}
          title="No invitations sent yet"
          description="Colleagues you invite are listed here from invited to signed up to approved."
        />
      </section>
    </>
  );
}
