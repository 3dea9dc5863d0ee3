import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { chatMessages, chatReads, chatSessions, patients } from '../db/schema.ts';

const HOUR_MS = 3_600_000;

type Line = { from: 'staff' | 'patient'; hoursAgo: number; text: (firstName: string) => string };

/** A week of a program: the therapist asks, the patient answers; the patient's last question waits for an answer. */
const programTalk: Line[] = [
  { from: 'staff', hoursAgo: 150, text: (name) => `Hi ${name}, how did the first week of the exercises go?` },
  { from: 'patient', hoursAgo: 147, text: () => 'Mostly fine. The bridges make my back a little sore the next day.' },
  {
    from: 'staff',
    hoursAgo: 125,
    text: () => 'Some soreness is expected at first. Keep to 2 sets for now and tell me if it gets worse.',
  },
  { from: 'patient', hoursAgo: 5, text: () => 'It is much better now. Can I walk a bit more on the days I feel good?' },
];
/** The last question of each further patient, so no two conversations read alike. */
const otherQuestions = [
  'Thanks! Should I keep the ice after the exercises, or is heat better now?',
  'I missed two days this week. Should I do extra sets to catch up?',
];

/** A conversation the therapist opened: a word after a program change, which the patient has not answered yet. */
const reminder: Line[] = [
  {
    from: 'staff',
    hoursAgo: 30,
    text: (name) => `Hi ${name}, I added two exercises to your program. Start with one set each and let me know.`,
  },
];

type DemoChatInput = {
  clinicId: number;
  therapistId: number;
  managerId: number;
  supportId: number;
  now: Date;
};

/**
 * The demo clinic's conversations, written so the demo tells a story: the therapist with the patients who use the
 * app, one waiting on the therapist's answer (unread), a few the therapist opened, and both sides of support: the
 * therapist's question answered by support (unread for the therapist), and the manager's waiting for support.
 */
export async function seedDemoChat(tx: Tx, input: DemoChatInput) {
  const at = (hoursAgo: number) => new Date(input.now.getTime() - hoursAgo * HOUR_MS);
  const withApp = await tx
    .select({ id: patients.id, userId: patients.userId, firstName: patients.firstName })
    .from(patients)
    .where(and(eq(patients.clinicId, input.clinicId), eq(patients.status, 'onboarded'), isNotNull(patients.userId)))
    .orderBy(asc(patients.id));
  const withoutApp = await tx
    .select({ id: patients.id, firstName: patients.firstName })
    .from(patients)
    .where(
      and(
        eq(patients.clinicId, input.clinicId),
        eq(patients.status, 'onboarded'),
        eq(patients.therapistId, input.therapistId),
      ),
    )
    .orderBy(asc(patients.id))
    .limit(withApp.length + 3);

  for (const [index, patient] of withApp.entries()) {
    const last = programTalk.length - 1;
    await conversation(tx, {
      session: { clinicId: input.clinicId, kind: 'patient', patientId: patient.id, createdAt: at(170) },
      lines: programTalk.map((line, i) => ({
        senderId: line.from === 'staff' ? input.therapistId : patient.userId!,
        at: at(line.hoursAgo + index * 2),
        body:
          i === last && index > 0 ? otherQuestions[(index - 1) % otherQuestions.length]! : line.text(patient.firstName),
        fromPatient: line.from === 'patient',
      })),
      // The patient has read everything; the therapist all but the patient's last question.
      reads: [
        { userId: patient.userId!, upTo: programTalk.length },
        { userId: input.therapistId, upTo: programTalk.length - 1 },
      ],
    });
  }
  const hasConversation = new Set(withApp.map((p) => p.id));
  for (const patient of withoutApp.filter((p) => !hasConversation.has(p.id)).slice(0, 3)) {
    await conversation(tx, {
      session: { clinicId: input.clinicId, kind: 'patient', patientId: patient.id, createdAt: at(31) },
      lines: reminder.map((line) => ({
        senderId: input.therapistId,
        at: at(line.hoursAgo),
        body: line.text(patient.firstName),
      })),
      reads: [],
    });
  }

  await conversation(tx, {
    session: { clinicId: input.clinicId, kind: 'support', staffUserId: input.therapistId, createdAt: at(60) },
    lines: [
      {
        senderId: input.therapistId,
        at: at(50),
        body: 'Where do I find the billing file of last month?',
      },
      {
        senderId: input.supportId,
        at: at(26),
        body: 'Open Balances, choose the month, and use "Download the billing file". A closed month is final.',
      },
    ],
    reads: [
      { userId: input.therapistId, upTo: 1 },
      { userId: input.supportId, upTo: 2 },
    ],
  });
  await conversation(tx, {
    session: { clinicId: input.clinicId, kind: 'support', staffUserId: input.managerId, createdAt: at(4) },
    lines: [
      {
        senderId: input.managerId,
        at: at(3),
        body: 'Can a patient switch to another therapist of our clinic without losing their program?',
      },
    ],
    reads: [{ userId: input.managerId, upTo: 1 }],
  });
}

type ConversationInput = {
  session: typeof chatSessions.$inferInsert;
  /** `fromPatient`: written by the patient (it sets the conversation's freshness). */
  lines: { senderId: number; at: Date; body: string; fromPatient?: boolean }[];
  /** Each reader has read the first `upTo` lines. */
  reads: { userId: number; upTo: number }[];
};

async function conversation(tx: Tx, { session, lines, reads }: ConversationInput) {
  const lastPatient = lines.filter((l) => l.fromPatient).at(-1);
  const [row] = await tx
    .insert(chatSessions)
    .values({ ...session, lastMessageAt: lines.at(-1)?.at ?? null, lastPatientMessageAt: lastPatient?.at ?? null })
    .returning({ id: chatSessions.id });
  const saved = await tx
    .insert(chatMessages)
    .values(lines.map((l) => ({ sessionId: row!.id, senderUserId: l.senderId, body: l.body, createdAt: l.at })))
    .returning({ id: chatMessages.id });
  const ids = saved.map((m) => m.id).sort((a, b) => a - b);
  for (const read of reads) {
    await tx
      .insert(chatReads)
      .values({ sessionId: row!.id, userId: read.userId, lastReadMessageId: ids[read.upTo - 1] ?? 0 });
  }
}
