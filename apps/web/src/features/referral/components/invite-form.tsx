import { zodResolver } from '@hookform/resolvers/zod';
import { sendReferralBodySchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { NameFields } from '@web/components/ui/field/name-fields.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { formatClinicTime } from '@web/components/ui/format/clinic-time.ts';
import { paths } from '@web/config/paths.ts';
import { useClinicTimeZone } from '@web/features/clinics';
import { useCurrentUser } from '@web/features/session';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSendReferral } from '../api/send-referral.ts';

// The person's fields; the sign-up page's address is this portal's own, added when sending.
const inviteSchema = sendReferralBodySchema.omit({ action_url: true });
const fields = ['first_name', 'last_name', 'email'] as const;
const emptyForm = { first_name: '', last_name: '', email: '' };

/** The colleague's name and address; the server e-mails the invitation and answers when its link runs out. */
export function InviteForm() {
  const form = useForm({ resolver: zodResolver(inviteSchema), defaultValues: emptyForm });
  const send = useSendReferral();
  // Restricted demo accounts' e-mails stay in the platform's outbox (decision 1010): the message says so.
  const isRestricted = useCurrentUser().data?.isRestricted ?? false;
  const [sent, setSent] = useState<{ email: string; until: string } | null>(null);
  const timeZone = useClinicTimeZone();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(
    withServerErrors(form, fields, async (values) => {
      setSent(null);
      const referral = await send.mutateAsync({
        ...values,
        action_url: new URL(paths.therapistSignup.getHref(), window.location.origin).toString(),
      });
      setSent({ email: referral.email, until: formatClinicTime(referral.expires_at, timeZone, 'date') });
      form.reset(emptyForm);
    }),
  );

  return (
    <form className="referral-form" onSubmit={onSubmit} noValidate aria-label="Invite a colleague">
      {errors.root?.server?.message && <Alert tone="danger">{errors.root.server.message}</Alert>}
      {sent && (
        <Alert tone="success" title={isRestricted ? 'Invitation recorded' : 'Invitation sent'}>
          {isRestricted
            ? `This is a demo account, so no e-mail leaves Rehabit; the invitation to ${sent.email} is listed below.`
            : `${sent.email} can create an account with the link in the e-mail until ${sent.until}.`}
        </Alert>
      )}
      <div className="referral-form__fields">
        <NameFields
          first={{ ...form.register('first_name'), error: errors.first_name?.message }}
          last={{ ...form.register('last_name'), error: errors.last_name?.message }}
        />
        <TextField
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="off"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <div className="referral-form__actions">
        <Button type="submit" isLoading={isSubmitting}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}
