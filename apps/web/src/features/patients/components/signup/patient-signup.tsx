import { clinicCodeSchema } from '@rehabit/contract';
import { AuthCard } from '@web/components/layouts/auth-layout.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { useCheckClinicCode } from '@web/lib/clinics/check-clinic-code.ts';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { ClinicCodeStep } from './clinic-code-step.tsx';
import { CodeStep } from './code-step.tsx';
import { DetailsStep } from './details-step.tsx';
import { PhoneStep, type VerifiedPhone } from './phone-step.tsx';
import './signup.css';

type Step =
  | { name: 'phone'; phone?: VerifiedPhone; notice?: string }
  | { name: 'code'; phone: VerifiedPhone }
  | { name: 'details'; phone: VerifiedPhone; token: string }
  | { name: 'done'; detail: string };

const titles = {
  phone: 'Your mobile number',
  code: 'Enter the code',
  details: 'About you',
  done: 'You are registered',
};
const stepNumbers = { phone: 1, code: 2, details: 3 } as const;

/** The patient's own registration from the clinic's QR code: one question per screen, on a phone. */
export function PatientSignup({
  clinicParam,
  onChooseClinic,
}: {
  clinicParam: string | null;
  onChooseClinic: (code: string) => void;
}) {
  const parsed = clinicCodeSchema.safeParse(clinicParam ?? '');
  const clinicCode = parsed.success ? parsed.data : null;
  const check = useCheckClinicCode(clinicCode);
  const [step, setStep] = useState<Step>({ name: 'phone' });

  if (!clinicParam) {
    return (
      <AuthCard title="Patient sign-up" subtitle="Scan your clinic's QR code, or enter its code here.">
        <div className="patient-signup">
          <ClinicCodeStep initial="" onChoose={onChooseClinic} />
        </div>
      </AuthCard>
    );
  }
  if (clinicCode && check.isPending) {
    return (
      <AuthCard title="Patient sign-up">
        <SkeletonList rows={2} label="Checking your clinic" />
      </AuthCard>
    );
  }
  if (clinicCode && check.isError) {
    return (
      <AuthCard title="Patient sign-up">
        <ErrorState title="Your clinic could not be checked" error={check.error} onRetry={() => check.refetch()} />
      </AuthCard>
    );
  }
  if (!clinicCode || !check.data?.valid) {
    return (
      <AuthCard title="Patient sign-up">
        <div className="patient-signup">
          <p className="signup-step__notice" role="alert">
            We do not know the clinic code “{clinicParam}”. Check it on your clinic's QR card, or ask your clinic.
          </p>
          <ClinicCodeStep initial={clinicParam} onChoose={onChooseClinic} />
        </div>
      </AuthCard>
    );
  }

  const clinicName = check.data.clinic_name ?? 'your clinic';
  const subtitle = step.name === 'done' ? clinicName : `${clinicName} · Step ${stepNumbers[step.name]} of 3`;
  return (
    <AuthCard title={titles[step.name]} subtitle={subtitle}>
      <div className="patient-signup">
        {step.name === 'phone' && (
          <>
            {step.notice && <p className="signup-step__notice">{step.notice}</p>}
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
            onRegistered={(detail) => setStep({ name: 'done', detail })}
            onPhoneExpired={() =>
              setStep({
                name: 'phone',
                phone: step.phone,
                notice: 'The check of your number has expired. We text you a new code.',
              })
            }
          />
        )}
        {step.name === 'done' && (
          <div className="signup-done" role="status">
            <span className="signup-done__icon">
              <CheckCircle2 size={36} aria-hidden="true" />
            </span>
            <p className="signup-done__title">Your clinic will be in touch.</p>
            <p>{step.detail}</p>
            <p>You can close this page now.</p>
          </div>
        )}
      </div>
    </AuthCard>
  );
}
