import type { ReminderLanguage } from '@rehabit/contract';

/**
 * The words of a reminder (decision 1350). A text and a lock screen are not private: a reminder names no diagnosis,
 * no exercise, no pain, no clinic and no person, and never scolds. It only says it is time, and links to Today.
 */
const words = {
  en: {
    subject: 'Your reminder for today',
    due: 'Rehabit: a friendly reminder for today.',
    atRisk: 'Rehabit: Log today to keep your program on track.',
    open: 'Open your program:',
    stopText: 'Reply STOP to stop these texts.',
    stopEmail: 'To stop these e-mails:',
    pushDue: 'A friendly reminder for today.',
    pushAtRisk: 'Log today to keep your program on track.',
  },
  es: {
    subject: 'Su recordatorio de hoy',
    due: 'Rehabit: un recordatorio amable para hoy.',
    atRisk: 'Rehabit: Registre hoy para mantener su programa al día.',
    open: 'Abra su programa:',
    stopText: 'Responda STOP para dejar de recibir estos mensajes.',
    stopEmail: 'Para dejar de recibir estos correos:',
    pushDue: 'Un recordatorio amable para hoy.',
    pushAtRisk: 'Registre hoy para mantener su programa al día.',
  },
} as const;

type Message = { language: ReminderLanguage; atRisk: boolean; todayUrl: string };

export const reminderText = ({ language, atRisk, todayUrl }: Message) => {
  const w = words[language];
  return `${atRisk ? w.atRisk : w.due} ${w.open} ${todayUrl} ${w.stopText}`;
};

export const reminderEmail = ({ language, atRisk, todayUrl, unsubscribeUrl }: Message & { unsubscribeUrl: string }) => {
  const w = words[language];
  return {
    subject: w.subject,
    text: `${atRisk ? w.atRisk : w.due}\n\n${w.open} ${todayUrl}\n\n${w.stopEmail} ${unsubscribeUrl}\n`,
  };
};

/** A push notification (decision 1365): shown on a lock screen, so the same fixed words; a tap opens Today. */
export const reminderPush = ({ language, atRisk, todayUrl }: Message) => {
  const w = words[language];
  return { title: 'Rehabit', body: atRisk ? w.pushAtRisk : w.pushDue, url: todayUrl };
};
