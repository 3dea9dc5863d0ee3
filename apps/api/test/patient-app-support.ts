import { toE164 } from '@rehabit/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { outbox } from '../src/db/schema.ts';
import { api, patientBody } from './patients-support.ts';

/** The newest code texted to the phone, read from the outbox like the demo page does. */
export async function codeSentTo(db: Db, phone: string) {
  const [latest] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, phone), eq(outbox.channel, 'sms')))
    .orderBy(desc(outbox.id))
    .limit(1);
  return /\b(\d{6})\b/.exec(latest?.body ?? '')?.[1] ?? '';
}

/** Sends a code to the phone and enters it: the answer of `verify-otp`. */
export async function verifyPhone(app: FastifyInstance, db: Db, phone: string) {
  const call = api(app);
  const sent = await call.post('/clinic/patient/send-otp', undefined, { phone });
  if (sent.statusCode !== 202) throw new Error(`send-otp failed: ${sent.body}`);
  return call.post('/clinic/patient/verify-otp', undefined, { phone, otp: await codeSentTo(db, phone) });
}

/** A patient registered by staff who then signs in on their phone by a code. */
export async function signedInPatient(
  app: FastifyInstance,
  db: Db,
  staffToken: string,
  overrides: Record<string, unknown> = {},
) {
  const body = patientBody(overrides);
  const patient = await api(app).register(staffToken, body);
  const phone = toE164(String(body.selected_code), String(body.phone));
  const res = await verifyPhone(app, db, phone);
  const token = res.json().token as string | undefined;
  if (res.statusCode !== 200 || !token) throw new Error(`phone sign-in failed: ${res.body}`);
  return { id: patient.id, phone, token };
}
