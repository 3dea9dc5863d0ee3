import { PatientChatPage } from '@web/features/patient-app/components/chat/patient-chat-page.tsx';
import { useCurrentUser } from '@web/features/session';

export function Component() {
  // The layout has loaded the user before any patient screen renders.
  const user = useCurrentUser().data;
  return user ? <PatientChatPage myUserId={user.id} /> : null;
}
