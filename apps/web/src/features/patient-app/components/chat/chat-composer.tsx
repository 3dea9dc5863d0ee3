import { zodResolver } from '@hookform/resolvers/zod';
import { CHAT_MESSAGE_MAX_LENGTH, sendChatMessageBodySchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { SendHorizontal } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import '@web/components/ui/field/field.css';

const messageSchema = sendChatMessageBodySchema.pick({ message: true });

/** Where the patient writes; the draft lives here only, so leaving the screen clears it. */
export function ChatComposer({ onSend }: { onSend: (text: string) => void }) {
  const { t } = useTranslation();
  // The message is checked when sent; typing again only takes the message away.
  const form = useForm({
    resolver: zodResolver(messageSchema),
    defaultValues: { message: '' },
    reValidateMode: 'onSubmit',
  });
  const issue = form.formState.errors.message;
  // The contract's messages are English; the patient reads them in their language.
  const error =
    issue && (issue.type === 'too_big' ? t('chat.tooLong', { max: CHAT_MESSAGE_MAX_LENGTH }) : t('chat.required'));
  const id = useId();

  const submit = form.handleSubmit(({ message }) => {
    onSend(message);
    form.reset();
  });

  return (
    <form className="pa-composer" onSubmit={submit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        {t('chat.message')}
      </label>
      <textarea
        id={id}
        className="field__input pa-composer__input"
        rows={2}
        placeholder={t('chat.placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register('message', { onChange: () => form.clearErrors('message') })}
      />
      <Button type="submit" size="lg" icon={<SendHorizontal size={22} aria-hidden="true" />}>
        {t('chat.send')}
      </Button>
      {error && (
        <p id={`${id}-error`} className="field__error pa-composer__error">
          {error}
        </p>
      )}
    </form>
  );
}
