import type { HandoutEmail, HandoutLanguage } from '@rehabit/contract';
import { ActionMenu, type ActionMenuItem } from '@web/components/ui/action-menu/action-menu.tsx';
import { notify } from '@web/lib/notify.ts';
import { Mail, Printer } from 'lucide-react';
import { useDownloadHandout } from '../api/download-handout.ts';
import { useEmailHandout } from '../api/email-handout.ts';

const languages: { key: HandoutLanguage; name: string }[] = [
  { key: 'en', name: 'English' },
  { key: 'es', name: 'Spanish (Español)' },
];

/** Where the e-mail went, as the outbox answered: delivered, or kept in the outbox when nothing delivers it. */
function sentNotice({ to, attached, status }: HandoutEmail) {
  if (status === 'sent')
    return `Sent to the patient's e-mail address, ${to}${attached ? ', with the PDF attached' : ''}`;
  if (status === 'suppressed') return `Recorded for ${to} but not delivered: this demo clinic's e-mails never leave`;
  return `Written to the outbox for ${to}: no mail server is set up to deliver it`;
}

/**
 * "Print handout": the program as a PDF for the patient to take home, in English or Spanish (decision 1395), or
 * e-mailed to the patient (decision 1415), which needs the patient's e-mail address.
 */
export function HandoutMenu({ patientId, email }: { patientId: number; email: string | null }) {
  const handout = useDownloadHandout(patientId);
  const send = useEmailHandout(patientId);
  const items: ActionMenuItem[] = [
    ...languages.map(({ key, name }) => ({
      key,
      label: `Print in ${name}`,
      icon: Printer,
      onSelect: () => handout.mutate(key),
    })),
    ...languages.map(({ key, name }) => ({
      key: `email-${key}`,
      label: `E-mail to patient in ${name}`,
      icon: Mail,
      disabledReason: email ? undefined : 'No e-mail address on file: add one in the patient’s details',
      onSelect: () => send.mutate(key, { onSuccess: (sent) => notify.success(sentNotice(sent)) }),
    })),
  ];
  const busy = handout.isPending ? 'Preparing handout…' : send.isPending ? 'Sending handout…' : undefined;
  return <ActionMenu label="Print or e-mail the handout" text={busy ?? 'Print handout'} items={items} />;
}
