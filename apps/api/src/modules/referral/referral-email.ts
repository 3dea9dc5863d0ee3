type InviteFacts = {
  colleagueFirstName: string;
  senderName: string;
  clinicName: string;
  link: string;
  validUntil: string;
};

/** The invitation in plain words: who invites, to what, the link and how long it works. */
export const inviteEmail = ({ colleagueFirstName, senderName, clinicName, link, validUntil }: InviteFacts) => ({
  subject: `${senderName} invites you to Rehabit`,
  text: [
    `Hello ${colleagueFirstName},`,
    `${senderName} of ${clinicName} invites you to join Rehabit, the portal their clinic uses for home exercise programs and remote therapeutic monitoring.`,
    `Create your staff account with this link (it works until ${validUntil}):`,
    link,
    `The clinic code of ${clinicName} is filled in for you; change it if you work at another clinic. You can sign in once the clinic's supervisor approves your account.`,
    `If you do not know ${senderName}, you can ignore this e-mail.`,
  ].join('\n\n'),
});
