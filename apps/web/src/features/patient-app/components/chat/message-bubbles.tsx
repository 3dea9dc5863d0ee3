import type { ChatMessage } from '@rehabit/contract';
import type { OutgoingMessage } from '@web/features/chat';
import { useTranslation } from 'react-i18next';

const timeOf = (iso: string, language: string) => {
  const at = new Date(iso);
  const isToday = at.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(
    language,
    isToday
      ? { hour: 'numeric', minute: '2-digit' }
      : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  ).format(at);
};

/** Saved messages oldest first, then the ones still on their way (sending, or failed with a retry). */
export function MessageBubbles({
  saved,
  pending,
  myUserId,
  onRetry,
}: {
  saved: readonly ChatMessage[];
  pending: readonly OutgoingMessage[];
  myUserId: number;
  onRetry: (message: OutgoingMessage) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ol className="pa-messages" aria-label={t('chat.messages')} aria-live="polite">
      {saved.map((message) => {
        const isMine = message.sender.id === myUserId;
        return (
          <li key={message.id} className={isMine ? 'pa-bubble pa-bubble--mine' : 'pa-bubble'}>
            {!isMine && <span className="pa-bubble__author">{message.sender.display_name}</span>}
            <p className="pa-bubble__text">{message.message}</p>
            <span className="pa-bubble__meta">
              {timeOf(message.created_at, i18n.language)}
              {isMine && ` · ${t('chat.sent')}`}
            </span>
          </li>
        );
      })}
      {pending.map((message) => (
        <li
          key={message.clientId}
          className={
            message.status === 'failed' ? 'pa-bubble pa-bubble--mine pa-bubble--failed' : 'pa-bubble pa-bubble--mine'
          }
        >
          <p className="pa-bubble__text">{message.text}</p>
          <span className="pa-bubble__meta">
            {message.status === 'sending' ? t('chat.sending') : t('chat.failed')}
            {message.status === 'failed' && (
              <button type="button" className="pa-bubble__retry" onClick={() => onRetry(message)}>
                {t('chat.retry')}
              </button>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
