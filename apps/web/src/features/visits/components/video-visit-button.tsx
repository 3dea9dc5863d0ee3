import { can, isInCare, type Patient } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { LOG_CALL_FORM_ID } from '@web/features/patients';
import type { SessionUser } from '@web/features/session';
import { Video } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

// The call screen and its engine load only when a visit is started.
const StaffCallPanel = lazy(() => import('./staff-call-panel.tsx'));

/** Puts the keyboard in the dashboard's own form to log a call made another way. */
function openLogCallForm() {
  const form = document.getElementById(LOG_CALL_FORM_ID);
  form?.scrollIntoView({ block: 'center' });
  form?.querySelector<HTMLElement>('input, button')?.focus();
}

/**
 * "Video visit" on a patient's dashboard, for the clinicians who hold visits (`visits.start`) and a patient in care.
 * Whether the patient has an account in the app is not in the patient's record: the server says so when it refuses.
 */
export function VideoVisitButton({ user, patient }: { user: SessionUser; patient: Patient }) {
  const [isOpen, setOpen] = useState(false);
  if (!can(user.role, 'visits.start') || !isInCare(patient.status)) return null;
  const callPatient = {
    id: patient.id,
    name: patient.display_name,
    firstName: patient.first_name,
    initials: `${patient.first_name.charAt(0)}${patient.last_name.charAt(0)}`.toUpperCase(),
  };
  return (
    <>
      <Button variant="secondary" icon={<Video size={18} aria-hidden="true" />} onClick={() => setOpen(true)}>
        Video visit
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <StaffCallPanel
            patient={callPatient}
            onClose={() => setOpen(false)}
            onLogPhoneCall={() => {
              setOpen(false);
              // After the panel is gone, so the form takes the focus it would give back.
              setTimeout(openLogCallForm, 0);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
