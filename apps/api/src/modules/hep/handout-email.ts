import type { HandoutLanguage } from '@rehabit/contract';
import { labelled } from '../../lib/message-fields.ts';

/** Clinic names are longer than a person's; the settings take up to 120 characters. */
const CLINIC_NAME_MAX_LENGTH = 120;

/**
 * The words of the handout's e-mail in each of its languages (decision 1415). An e-mail is not private: it names the
 * clinic only, never an exercise, a diagnosis or the patient's last name, and leads to the patient's sign-in.
 */
const words = {
  en: {
    subject: 'Your exercise program',
    lead: 'Your clinic sent you your exercise program. Sign in to Rehabit to see it:',
    attached: 'Your program is also attached to this e-mail as a PDF.',
    clinic: 'Clinic',
  },
  es: {
    subject: 'Su programa de ejercicios',
    lead: 'Su clínica le envió su programa de ejercicios. Inicie sesión en Rehabit para verlo:',
    attached: 'Su programa también va adjunto a este correo en PDF.',
    clinic: 'Clínica',
  },
} as const;

type Message = { language: HandoutLanguage; clinicName: string; link: string; attached: boolean };

/** The handout's e-mail: the product's sentence and link first, the clinic's name on a labelled line (decision 1265). */
export function handoutEmail({ language, clinicName, link, attached }: Message) {
  const w = words[language];
  const lines = [
    `${w.lead} ${link}`,
    ...(attached ? [w.attached] : []),
    labelled(w.clinic, clinicName, CLINIC_NAME_MAX_LENGTH),
  ];
  return { subject: w.subject, text: `${lines.join('\n\n')}\n` };
}
