import type { CheckCodeResponse } from '@rehabit/contract';
import { Spinner } from '@web/components/ui/feedback/spinner.tsx';
import { CheckCircle2, XCircle } from 'lucide-react';

export type CodeCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'failed' }
  | { state: 'done'; result: CheckCodeResponse };

export const UNKNOWN_CODE_MESSAGE = 'No clinic uses this code. Check it with your clinic.';

/** What the clinic-code check found, read out politely as it changes. */
export function ClinicCodeStatus({ check }: { check: CodeCheck }) {
  switch (check.state) {
    case 'idle':
      return null;
    case 'checking':
      return (
        <span className="code-status code-status--pending">
          <Spinner size={14} /> Checking the code…
        </span>
      );
    case 'failed':
      return <span className="code-status code-status--pending">The code could not be checked right now.</span>;
    case 'done':
      return check.result.valid ? (
        <span className="code-status code-status--valid">
          <CheckCircle2 size={16} aria-hidden="true" /> {check.result.clinic_name ?? 'Clinic found'}
        </span>
      ) : (
        <span className="code-status code-status--invalid">
          <XCircle size={16} aria-hidden="true" /> {UNKNOWN_CODE_MESSAGE}
        </span>
      );
  }
}
