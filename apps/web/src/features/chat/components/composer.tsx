import { zodResolver } from '@hookform/resolvers/zod';
import { sendChatMessageBodySchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { SendHorizontal } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import '@web/components/ui/field/field.css';

const messageSchema = sendChatMessageBodySchema.pick({ message: true });

/**
 * The draft lives here and nowhere else: closing the panel or leaving the page unmounts it, which
 * is what clears the draft (decision 0300).
 */
export function Composer({ onSend }: { onSend: (text: string) => void }) {
  // The message is checked when sent; typing again only takes the message away.
  const form = useForm({
    resolver: zodResolver(messageSchema),
    defaultValues: { message: '' },
    reValidateMode: 'onSubmit',
  });
  const error = form.formState.errors.message?.message;
  const id = useId();

  const submit = form.handleSubmit(({ message }) => {
    onSend(message);
    form.reset();
  });

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
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register('message', { onChange: () => form.clearErrors('message') })}
        onKeyDown={(event) => {
          // Enter sends, Shift+Enter starts a new line, as in every chat people know.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void submit(event);
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
