import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/tokens.ts';

/** What the token is for, signed with it: a token of this kind does nothing else (decision 1350). */
const PURPOSE = 'reminder-email-unsubscribe';

const signatureOf = (secret: string, patientId: number) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${patientId}`).digest('base64url');

/** The e-mail unsubscribe link's token: the patient's id and its signature. It does not expire. */
export const unsubscribeToken = (secret: string, patientId: number) => `${patientId}.${signatureOf(secret, patientId)}`;

/** The patient a token names, or undefined when it was not signed by this portal for this purpose. */
export function patientOfUnsubscribeToken(secret: string, token: string): number | undefined {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const patientId = Number(match[1]);
  return safeEqual(match[2]!, signatureOf(secret, patientId)) ? patientId : undefined;
}
