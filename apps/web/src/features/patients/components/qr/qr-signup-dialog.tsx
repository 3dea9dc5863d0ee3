import type { ClinicRef } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Modal } from '@web/components/ui/modal/modal.tsx';
import { QrCode } from '@web/components/ui/qr-code/qr-code.tsx';
import { paths } from '@web/config/paths.ts';
import { notify } from '@web/lib/notify.ts';
import { Copy, Printer } from 'lucide-react';
import './qr-card.css';

/** The address patients open from the clinic's QR code. */
export const signupUrl = (clinicCode: string, origin = window.location.origin) =>
  `${origin}${paths.patientSignup.getHref(clinicCode)}`;

/**
 * A clinic's self-registration card, to print and put on the front desk: the clinic the list works in (a staff
 * member's own, the one an admin chose).
 */
export function QrSignupDialog({ clinic, onClose }: { clinic: ClinicRef; onClose: () => void }) {
  const url = signupUrl(clinic.code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('The sign-up link is copied');
    } catch {
      notify.error('The link could not be copied. Select it on the card instead.');
    }
  };
  return (
    <Modal
      isOpen
      onClose={onClose}
      title="QR sign-up for patients"
      description="Print this card for the front desk. Patients scan it, confirm their phone and register themselves; a task then asks the clinic to onboard them."
      footer={
        <>
          <Button variant="secondary" icon={<Copy size={18} aria-hidden="true" />} onClick={copy}>
            Copy link
          </Button>
          <Button icon={<Printer size={18} aria-hidden="true" />} onClick={() => window.print()} data-autofocus>
            Print
          </Button>
        </>
      }
    >
      <article className="qr-card" aria-label="Printable sign-up card">
        <p className="qr-card__clinic">{clinic.name}</p>
        <h3 className="qr-card__title">Start your home exercise program</h3>
        <div className="qr-card__code">
          <QrCode text={url} label={`QR code that opens ${url}`} />
        </div>
        <ol className="qr-card__steps">
          <li>Point your phone's camera at the code and tap the link.</li>
          <li>Enter your mobile number and the 6-digit code we text you.</li>
          <li>Fill in your name and birthday. Your clinic will be in touch.</li>
        </ol>
        <p className="qr-card__url">{url}</p>
        <p className="qr-card__code-text">
          Clinic code <strong>{clinic.code}</strong>
        </p>
      </article>
    </Modal>
  );
}
