import { labelled } from '../../lib/message-fields.ts';

type InviteFacts = {
  colleagueName: string;
  senderName: string;
  clinicName: string;
  link: string;
  validUntil: string;
};

/**
 * The invitation in plain words: Rehabit's own words first, then who invites and from which clinic as quoted,
 * labelled fields (decision 1265), the link and how long it works. The subject names nobody.
 */
export const inviteEmail = ({ colleagueName, senderName, clinicName, link, validUntil }: InviteFacts) => ({
  subject: 'A colleague invites you to Rehabit',
  text: [
    'You are invited to join Rehabit, the portal clinics use for home exercise programs and remote therapeutic monitoring.',
    [
      labelled('Invitation for', colleagueName),
      labelled('Invited by', senderName),
      labelled('Clinic', clinicName, 120),
    ].join('\n'),
    `Create your staff account with this link (it works until ${validUntil}):`,
    link,
    "The clinic's code is filled in for you; change it if you work at another clinic. You can sign in once the clinic's supervisor approves your account.",
    'If you do not know who invited you, you can ignore this e-mail.',
  ].join('\n\n'),
});
