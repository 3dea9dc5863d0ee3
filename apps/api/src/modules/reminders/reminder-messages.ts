import type { ReminderLanguage } from '@rehabit/contract';

/**
 * The words of a reminder (decisions 1350, 1370). A text and a lock screen are not private: a reminder names no
 * diagnosis, no exercise, no pain, no measure, no clinic and no person, and never scolds. It only says it is time,
 * that a check-in is waiting when one is, and links to Today or to the check-in.
 */
const words = {
  en: {
    subject: 'Your reminder for today',
    due: 'A friendly reminder for today.',
    atRisk: 'Log today to keep your program on track.',
    checkInToo: 'A short check-in is waiting for you too.',
    checkInOnly: 'A short check-in is waiting for you.',
    open: 'Open your program:',
    openCheckIn: 'Open your check-in:',
    stopText: 'Reply STOP to stop these texts.',
    stopEmail: 'To stop these e-mails:',
  },
  es: {
    subject: 'Su recordatorio de hoy',
    due: 'Un recordatorio amable para hoy.',
    atRisk: 'Registre hoy para mantener su programa al día.',
    checkInToo: 'También le espera un control breve.',
    checkInOnly: 'Le espera un control breve.',
    open: 'Abra su programa:',
    openCheckIn: 'Abra su control:',
    stopText: 'Responda STOP para dejar de recibir estos mensajes.',
    stopEmail: 'Para dejar de recibir estos correos:',
  },
} as const;

/**
 * What a day's reminder says (decision 1370): the exercises (in plain words when the month is at risk), with a due
 * check-in mentioned `too`; or, on a day already logged, the check-in `only`.
 */
export type ReminderContent = { atRisk: boolean; checkIn: 'none' | 'too' | 'only' };
type Message = ReminderContent & { language: ReminderLanguage; link: string };

/** Where a reminder leads in the patient app: the due check-in's page when there is one, else Today. */
export const reminderLink = (publicUrl: string, checkInId: number | undefined) =>
  new URL(checkInId === undefined ? '/my/today' : `/my/measures/${checkInId}`, publicUrl).href;

function linesOf({ language, atRisk, checkIn }: Message) {
  const w = words[language];
  const lead = checkIn === 'only' ? [w.checkInOnly] : [atRisk ? w.atRisk : w.due];
  return {
    said: [...lead, ...(checkIn === 'too' ? [w.checkInToo] : [])].join(' '),
    open: checkIn === 'none' ? w.open : w.openCheckIn,
  };
}

/** A text and an e-mail say who they are from first; a notification does so in its title. */
const FROM = 'Rehabit';

export const reminderText = (message: Message) => {
  const { said, open } = linesOf(message);
  return `${FROM}: ${said} ${open} ${message.link} ${words[message.language].stopText}`;
};

export const reminderEmail = (message: Message & { unsubscribeUrl: string }) => {
  const w = words[message.language];
  const { said, open } = linesOf(message);
  return {
    subject: w.subject,
    text: `${FROM}: ${said}\n\n${open} ${message.link}\n\n${w.stopEmail} ${message.unsubscribeUrl}\n`,
  };
};

/** A push notification (decision 1365): shown on a lock screen, so the same fixed words; a tap opens the link. */
export const reminderPush = (message: Message) => ({ title: FROM, body: linesOf(message).said, url: message.link });
