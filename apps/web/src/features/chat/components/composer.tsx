import { sendChatMessageBodySchema } from '@rehabit/contract';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button/button.tsx';

const messageSchema = sendChatMessageBodySchema.shape.message;

/**
 * The draft lives here and nowhere else: closing the panel or leaving the page unmounts it, which
 * is what clears the draft (seed §4).
 */
export function Composer({ onSend }: { onSend: (text: string) => void }) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = messageSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a message');
      return;
    }
    onSend(parsed.data);
    setDraft('');
    setError(null);
  };

  return (
    <form className="chat-composer" onSubmit={submit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        Message
      </label>
      <textarea
        id={id}
        className="field__input field__input--multiline chat-composer__input"
        rows={2}
        placeholder="Write a message"
        value={draft}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={(event) => {
          // Enter sends, Shift+Enter starts a new line, as in every chat people know.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
        }}
      />
      <Button type="submit" icon={<SendHorizontal size={16} aria-hidden="true" />}>
        Send
      </Button>
      {error && (
        <p id={`${id}-error`} className="field__error chat-composer__error">
          {error}
        </p>
      )}
    </form>
  );
}
