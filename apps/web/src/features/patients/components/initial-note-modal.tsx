import { Button } from '@web/components/ui/button/button.tsx';
import { Modal } from '@web/components/ui/modal/modal.tsx';
import { useCancelFeatureNotification, useCurrentUser, useSettingsInfo } from '@web/features/session';
import { useState } from 'react';

/** The clinic-wide announcement, shown on the patient list until the person dismisses it. */
export function InitialNoteModal() {
  const user = useCurrentUser();
  const settings = useSettingsInfo(user.isSuccess);
  const dismiss = useCancelFeatureNotification();
  const [isClosedHere, setClosedHere] = useState(false);
  const note = settings.data?.initial_note?.trim();
  const isOpen = !!note && !!user.data?.is_feature_notification_on && !isClosedHere;

  const close = () => {
    // Closed for this visit at once; the server remembers it for the next ones.
    setClosedHere(true);
    dismiss.mutate();
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={() => setClosedHere(true)}
      title="What's new in Rehabit"
      footer={
        <Button onClick={close} data-autofocus>
          Got it
        </Button>
      }
    >
      <p className="initial-note">{note}</p>
    </Modal>
  );
}
