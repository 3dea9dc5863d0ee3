import type { ClinicRef } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import type { WorkingClinic } from '@web/features/clinics';
import { QrCode, UserPlus } from 'lucide-react';
import { useId } from 'react';

const CHOOSE = 'Choose a clinic to register a patient or show its QR sign-up.';

/** Why there is no clinic to register a patient in: the admin looks at every clinic, or named a code of none. */
const reasonOf = (working: WorkingClinic) =>
  working.kind === 'unknown' ? `No clinic has the code ${working.code}. ${CHOOSE}` : CHOOSE;

type Props = {
  working: WorkingClinic;
  onQrSignup: (clinic: ClinicRef) => void;
  onRegister: (clinic: ClinicRef) => void;
};

/**
 * "QR sign-up" and "Register patient", for the clinic the list works in (decision 1152). Without one the buttons
 * stay in place, unavailable but focusable, and say why: a disabled button would be skipped by the keyboard and by
 * screen readers, leaving the reason unread.
 */
export function ClinicActions({ working, onQrSignup, onRegister }: Props) {
  const reasonId = useId();
  const clinic = working.kind === 'clinic' ? working.clinic : null;
  const unavailable = clinic ? {} : { 'aria-disabled': true, 'aria-describedby': reasonId };
  return (
    <>
      <Button
        variant="secondary"
        icon={<QrCode size={18} aria-hidden="true" />}
        onClick={() => clinic && onQrSignup(clinic)}
        {...unavailable}
      >
        QR sign-up
      </Button>
      <Button
        icon={<UserPlus size={18} aria-hidden="true" />}
        onClick={() => clinic && onRegister(clinic)}
        {...unavailable}
      >
        Register patient
      </Button>
      {!clinic && (
        <p id={reasonId} className="clinic-actions__reason">
          {reasonOf(working)}
        </p>
      )}
    </>
  );
}
