import { Button } from '@web/components/ui/button/button.tsx';
import { TextArea } from '@web/components/ui/field/text-area.tsx';
import { Modal } from '@web/components/ui/modal/modal.tsx';
import { useRequestVideo } from '@web/features/videos/api/request-video.ts';
import { errorMessage } from '@web/lib/api-error.ts';
import { notify } from '@web/lib/notify.ts';
import { type FormEvent, useState } from 'react';
import './request-video-dialog.css';

type Props = {
  isOpen: boolean;
  onClose: () => void;
  /** The clinic the request is filed under, a patient's; the caller's own without it. */
  clinicCode?: string;
};

/** Asks the content team for an exercise video the library does not have yet. */
export function RequestVideoDialog({ isOpen, onClose, clinicCode }: Props) {
  const request = useRequestVideo();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError('Describe the exercise you need');
      return;
    }
    request.mutate(
      { content: text.trim(), clinicCode },
      {
        onSuccess: () => {
          notify.success('Request sent to the content team');
          setText('');
          setError(undefined);
          onClose();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Request a video" description="Tell us which exercise is missing.">
      <form onSubmit={submit} noValidate>
        <TextArea
          label="Exercise and how it is done"
          rows={4}
          maxLength={2000}
          value={text}
          error={error}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="request-video__actions">
          <Button type="submit" isLoading={request.isPending}>
            Send request
          </Button>
        </div>
      </form>
    </Modal>
  );
}
