import { CHAT_MESSAGE_MAX_LENGTH } from '@rehabit/contract';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button/button.tsx';

/** Where the patient writes; the draft lives here only, so leaving the screen clears it. */
export function ChatComposer({ onSend }: { onSend: (text: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return setError(t('chat.required'));
    if (text.length > CHAT_MESSAGE_MAX_LENGTH) return setError(t('chat.tooLong', { max: CHAT_MESSAGE_MAX_LENGTH }));
    onSend(text);
    setDraft('');
    setError(null);
  };

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
        value={draft}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          if (error) setError(null);
        }}
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
