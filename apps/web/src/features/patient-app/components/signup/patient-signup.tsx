import '@web/features/patient-app/i18n/signup-strings.ts';
import { clinicCodeSchema } from '@rehabit/contract';
import { useCheckClinicCode } from '@web/features/clinics';
import { useDocumentTitle } from '@web/lib/use-document-title.ts';
import { CheckCircle2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Phone } from '../login/phone-form.tsx';
import { PublicFrame } from '../public-frame.tsx';
import { LoadError } from '../state-card.tsx';
import { ClinicCodeStep } from './clinic-code-step.tsx';
import { CodeStep } from './code-step.tsx';
import { DetailsStep } from './details-step.tsx';
import { PhoneStep } from './phone-step.tsx';
import './signup.css';

type Step =
  | { name: 'phone'; phone?: Phone; hasExpired?: boolean }
  | { name: 'code'; phone: Phone }
  | { name: 'details'; phone: Phone; token: string }
  | { name: 'done' };

const titles = {
  phone: 'signup.phoneTitle',
  code: 'signup.codeTitle',
  details: 'signup.detailsTitle',
  done: 'signup.doneTitle',
} as const;
const stepNumbers = { phone: 1, code: 2, details: 3 } as const;

/** One screen of the sign-up: its title, a line under it, and what it asks. */
function SignupCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="pa-card" aria-labelledby="pa-signup-title">
      <h1 id="pa-signup-title" className="pa-title">
        {title}
      </h1>
      {subtitle && <p className="pa-muted">{subtitle}</p>}
      {children}
    </section>
  );
}

/**
 * The patient's own registration from the clinic's QR code, on the patient's side: one question per screen, in
 * English or Spanish (decision 1151).
 */
export function PatientSignup({
  clinicParam,
  onChooseClinic,
}: {
  clinicParam: string | null;
  onChooseClinic: (code: string) => void;
}) {
  const { t } = useTranslation();
  const parsed = clinicCodeSchema.safeParse(clinicParam ?? '');
  const clinicCode = parsed.success ? parsed.data : null;
  const check = useCheckClinicCode(clinicCode);
  const [step, setStep] = useState<Step>({ name: 'phone' });

  const page = (): ReactNode => {
    if (!clinicParam) {
      return (
        <SignupCard title={t('signup.title')} subtitle={t('signup.clinicLead')}>
          <ClinicCodeStep initial="" onChoose={onChooseClinic} />
        </SignupCard>
      );
    }
    if (clinicCode && check.isPending) {
      return (
        <SignupCard title={t('signup.title')}>
          <p className="pa-muted" role="status">
            {t('signup.checkingClinic')}
          </p>
        </SignupCard>
      );
    }
    if (clinicCode && check.isError) {
      return <LoadError title={t('signup.clinicCheckFailed')} error={check.error} onRetry={() => check.refetch()} />;
    }
    if (!clinicCode || !check.data?.valid) {
      return (
        <SignupCard title={t('signup.title')}>
          <p className="signup-notice" role="alert">
            {t('signup.unknownClinic', { code: clinicParam })}
          </p>
          <ClinicCodeStep initial={clinicParam} onChoose={onChooseClinic} />
        </SignupCard>
      );
    }

    const clinicName = check.data.clinic_name ?? t('signup.anyClinic');
    const subtitle =
      step.name === 'done' ? clinicName : t('signup.step', { clinic: clinicName, step: stepNumbers[step.name] });
    return (
      <SignupCard title={t(titles[step.name])} subtitle={subtitle}>
        {step.name === 'phone' && (
          <>
            {step.hasExpired && <p className="signup-notice">{t('signup.phoneExpired')}</p>}
            <PhoneStep
              clinicCode={clinicCode}
              initial={step.phone}
              onSent={(phone) => setStep({ name: 'code', phone })}
            />
          </>
        )}
        {step.name === 'code' && (
          <CodeStep
            phone={step.phone}
            clinicCode={clinicCode}
            onVerified={(token) => setStep({ name: 'details', phone: step.phone, token })}
            onChangeNumber={() => setStep({ name: 'phone', phone: step.phone })}
          />
        )}
        {step.name === 'details' && (
          <DetailsStep
            phone={step.phone}
            clinicCode={clinicCode}
            verificationToken={step.token}
            onRegistered={() => setStep({ name: 'done' })}
            onPhoneExpired={() => setStep({ name: 'phone', phone: step.phone, hasExpired: true })}
          />
        )}
        {step.name === 'done' && (
          <div className="signup-done" role="status">
            <span className="signup-done__icon">
              <CheckCircle2 size={36} aria-hidden="true" />
            </span>
            <p className="signup-done__title">{t('signup.doneLead')}</p>
            <p>{t('signup.doneDetail', { clinic: clinicName })}</p>
            <p>{t('signup.doneClose')}</p>
          </div>
        )}
      </SignupCard>
    );
  };

  return <PublicFrame>{page()}</PublicFrame>;
}
