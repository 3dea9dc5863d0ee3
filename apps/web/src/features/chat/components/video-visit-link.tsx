import { type ChatSession, can, type Role } from '@rehabit/contract';
import { ButtonLink } from '@web/components/ui/button/button-link.tsx';
import { paths } from '@web/config/paths.ts';
import { Video } from 'lucide-react';
import { Link } from 'react-router';

/**
 * "Video visit" in a patient's conversation: the patient's dashboard with the visit's screen open, where the call's
 * log and the phone call's form are (decision 1385). For the clinicians who hold visits, while the patient is
 * onboarded (the conversation's call status is known only then).
 */
export function VideoVisitLink({ session, role, iconOnly }: { session: ChatSession; role: Role; iconOnly?: boolean }) {
  const { patient } = session;
  if (!patient || session.call_status === null || !can(role, 'visits.start')) return null;
  const label = `Video visit with ${patient.first_name} ${patient.last_name}`;
  const to = paths.patientVideoVisit.getHref(patient.id);
  return iconOnly ? (
    <Link className="icon-button" to={to} aria-label={label} title={label}>
      <Video size={20} aria-hidden="true" />
    </Link>
  ) : (
    <ButtonLink variant="secondary" to={to} aria-label={label} icon={<Video size={18} aria-hidden="true" />}>
      Video visit
    </ButtonLink>
  );
}
