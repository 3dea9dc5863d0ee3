import type { Db } from '../../apps/api/src/db/client.ts';
import { chatSessions, clinics, patients, sessions, users } from '../../apps/api/src/db/schema.ts';
import { hashToken, randomToken } from '../../apps/api/src/lib/tokens.ts';

/** Clinics, each with signed-in therapists, one patient and the patient's conversation. */
export async function seedChatClinics(db: Db, clinicCount: number, staffPerClinic: number) {
  const expiresAt = new Date(Date.now() + 86_400_000);
  const result: { sessionId: number; senderToken: string; tokens: string[] }[] = [];
  for (let c = 0; c < clinicCount; c++) {
    const [clinic] = await db
      .insert(clinics)
      .values({ code: `CHAT${c}`, name: `Chat clinic ${c}` })
      .returning();
    const tokens: string[] = [];
    for (let s = 0; s <= staffPerClinic; s++) {
      const [user] = await db
        .insert(users)
        .values({
          clinicId: clinic!.id,
          email: `chat-${c}-${s}@example.test`,
          passwordHash: 'x',
          firstName: 'Staff',
          lastName: `${c}-${s}`,
          role: 'therapist',
          approvalStatus: 'approved',
        })
        .returning({ id: users.id });
      const token = randomToken();
      await db.insert(sessions).values({ userId: user!.id, tokenHash: hashToken(token), kind: 'staff', expiresAt });
      tokens.push(token);
    }
    const [patient] = await db
      .insert(patients)
      .values({
        clinicId: clinic!.id,
        firstName: 'Pat',
        lastName: `Chat${c}`,
        phone: '5550000000',
        birthday: '1960-01-01',
      })
      .returning({ id: patients.id });
    const [session] = await db
      .insert(chatSessions)
      .values({ clinicId: clinic!.id, kind: 'patient', patientId: patient!.id })
      .returning({ id: chatSessions.id });
    // The last staff member sends; the other `staffPerClinic` listen (the sender's own tabs would hear it too).
    result.push({ sessionId: session!.id, senderToken: tokens.pop()!, tokens });
  }
  return result;
}
