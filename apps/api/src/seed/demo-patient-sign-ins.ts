import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { patients, users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { randomToken } from '../lib/tokens.ts';
import { phoneAccountEmail } from '../modules/patient-app/patient-signin.service.ts';
import type { Region } from './demo-program-plans.ts';
import { daysBetween } from './demo-random.ts';

export const DEMO_PATIENT_EMAIL = 'patient@example.com';

export type SignInCandidate = {
  id: number;
  clinicId: number;
  firstName: string;
  lastName: string;
  status: string;
  therapistId: number | null;
  region: Region;
  startDay: string;
  lastDay: string;
  startedAt: Date;
};

/**
 * The patients who can sign in to the patient app, both the demo therapist's: a knee program of about three
 * months (its whole course fits the last 90 days) for the e-mail sign-in, and a low back one for the phone code.
 */
export function chooseSignInPatients<T extends SignInCandidate>(
  all: T[],
  demo: { clinicId: number; therapistId: number },
): [T | undefined, T | undefined] {
  const candidates = all.filter((p) => p.clinicId === demo.clinicId && p.status === 'onboarded');
  const ours = candidates
    .filter((p) => p.therapistId === demo.therapistId)
    .sort((a, b) => b.startDay.localeCompare(a.startDay) || a.id - b.id);
  const runningFor = (p: T, days: number) => daysBetween(p.startDay, p.lastDay) >= days;
  const withEmail =
    ours.find((p) => p.region === 'knee' && runningFor(p, 95)) ??
    ours.find((p) => runningFor(p, 95)) ??
    [...candidates].sort((a, b) => a.startDay.localeCompare(b.startDay))[0];
  const others = ours.filter((p) => p !== withEmail).sort((a, b) => a.id - b.id);
  const byPhone =
    others.find((p) => p.region === 'lowBack' && runningFor(p, 60)) ??
    others.find((p) => p.region !== withEmail?.region && runningFor(p, 60)) ??
    candidates.find((p) => p !== withEmail);
  return [withEmail, byPhone];
}

/**
 * Patient accounts (role patient, approved, linked by the record's user id). The phone-code patient's account is
 * the one a first phone sign-in would make (decision 0410): an address that cannot receive mail and a password
 * nobody knows.
 */
export async function createSignIns(
  tx: Tx,
  {
    withEmail,
    byPhone,
    passwordHash,
  }: { withEmail?: SignInCandidate; byPhone?: SignInCandidate; passwordHash: string },
) {
  const accounts = [
    withEmail && { patient: withEmail, email: DEMO_PATIENT_EMAIL, passwordHash },
    byPhone && {
      patient: byPhone,
      email: phoneAccountEmail(byPhone.id),
      passwordHash: await hashPassword(randomToken()),
    },
  ];
  for (const account of accounts) {
    if (!account) continue;
    const { patient, email } = account;
    const [user] = await tx
      .insert(users)
      .values({
        clinicId: patient.clinicId,
        email,
        passwordHash: account.passwordHash,
        firstName: patient.firstName,
        lastName: patient.lastName,
        role: 'patient',
        approvalStatus: 'approved',
        createdAt: patient.startedAt,
      })
      .returning({ id: users.id });
    // The e-mail patient's record carries the address they sign in with.
    const contact = email === DEMO_PATIENT_EMAIL ? { email } : {};
    await tx
      .update(patients)
      .set({ userId: user!.id, ...contact })
      .where(eq(patients.id, patient.id));
  }
}
