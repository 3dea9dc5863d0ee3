import { can, isInCare, type PatientDetail } from '@rehabit/contract';
import { ButtonLink } from '@web/components/ui/button/button-link.tsx';
import { paths } from '@web/config/paths.ts';
import type { SessionUser } from '@web/features/session';
import { Video } from 'lucide-react';

/**
 * "Video visit" on a patient's dashboard, for the clinicians who hold visits (`visits.start`) and a patient in care:
 * the visit's own screen. Whether the patient has an account in the app is not in the patient's record: the server
 * says so when it refuses.
 */
export function VideoVisitButton({ user, patient }: { user: SessionUser; patient: PatientDetail }) {
  if (!can(user.role, 'visits.start') || !isInCare(patient.status)) return null;
  return (
    <ButtonLink
      variant="secondary"
      to={paths.patientVideoVisit.getHref(patient.id)}
      icon={<Video size={18} aria-hidden="true" />}
    >
      Video visit
    </ButtonLink>
  );
}
