import { REFERRAL_DAILY_CAP, REFERRAL_VALID_DAYS } from '@rehabit/contract';
import { InviteForm } from './invite-form.tsx';
import { ReferralList } from './referral-list.tsx';
import './referral.css';

/** The referral screen's body: the invitation form, then the caller's invitations and how far each has come. */
export function ReferralProgram() {
  return (
    <>
      <section className="section-card referral-section" aria-labelledby="invite-title">
        <h2 id="invite-title" className="section-card__title">
          Invite a colleague
        </h2>
        <p className="referral-section__intro">
          We e-mail them a link to create a staff account, with your clinic's code filled in. The link works for{' '}
          {REFERRAL_VALID_DAYS} days; you can send up to {REFERRAL_DAILY_CAP} invitations a day.
        </p>
        <InviteForm />
      </section>
      <section className="section-card referral-section" aria-labelledby="invitations-title">
        <h2 id="invitations-title" className="section-card__title">
          Your invitations
        </h2>
        <ReferralList />
      </section>
    </>
  );
}
