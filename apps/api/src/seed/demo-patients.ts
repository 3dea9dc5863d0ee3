import { onboardPatientTask } from '@rehabit/contract';
import type { Tx } from '../db/client.ts';
import { patientEpisodes, patientEvents, patients, tasks } from '../db/schema.ts';
import { ruleTaskTitle } from '../modules/tasks/task-rules.ts';

const firstNames = [
  'Maria',
  'James',
  'Linda',
  'Robert',
  'Patricia',
  'Michael',
  'Barbara',
  'William',
  'Elizabeth',
  'David',
  'Susan',
  'Richard',
  'Jessica',
  'Joseph',
  'Sarah',
  'Thomas',
  'Karen',
  'Charles',
  'Nancy',
  'Daniel',
  'Lisa',
  'Matthew',
  'Betty',
  'Anthony',
  'Sandra',
  'Mark',
  'Ashley',
  'Donald',
  'Dorothy',
  'Steven',
];
const lastNames = [
  'Garcia',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
];
/** Common outpatient PT diagnoses, all in the bundled ICD-10 subset. */
const diagnoses = [
  'M54.50',
  'M54.51',
  'M25.561',
  'M25.562',
  'M25.511',
  'M17.11',
  'M17.12',
  'S83.511A',
  'Z47.1',
  'M54.2',
  'M75.101',
  'M75.41',
  'M62.81',
  'R26.81',
  'Z96.651',
  'Z96.641',
  'M54.16',
  'M48.061',
  'S93.401A',
  'M76.61',
];

/** A small deterministic generator so every demo database looks the same. */
function sequence(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

/** The letters a Medicare Beneficiary Identifier uses (no S, L, O, I, B or Z). */
const MBI_LETTERS = 'ACDEFGHJKMNPQRTUVWXY';
/** A made-up id shaped like an MBI (digit, letters and digits, 4-3-4 as printed): nobody's. */
const demoMemberId = (i: number) => {
  const letter = (n: number) => MBI_LETTERS[n % MBI_LETTERS.length];
  return `${1 + (i % 9)}${letter(i)}${letter(i * 3)}${i % 10}-${letter(i * 7)}${(i * 3) % 10}${letter(i * 11)}-${letter(i * 13)}${letter(i * 17)}${(i * 7) % 10}${(i * 9) % 10}`;
};

const day = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

type DemoClinic = { clinicId: number; therapistIds: number[]; staffId: number; count: number; seed: number };

/** Patients across every lifecycle status, with episodes, events and the tasks QR sign-ups create. */
export async function seedDemoPatients(tx: Tx, clinic: DemoClinic, now = new Date()) {
  const random = sequence(clinic.seed);
  const statuses = [
    'onboarded',
    'onboarded',
    'onboarded',
    'registered',
    'discharged',
    'onboarded',
    'removed',
    'onboarded',
  ] as const;
  for (let i = 0; i < clinic.count; i++) {
    const status = statuses[i % statuses.length]!;
    const firstName = random.pick(firstNames);
    const lastName = lastNames[(i * 7 + clinic.seed) % lastNames.length]!;
    const therapistId = status === 'registered' ? null : random.pick(clinic.therapistIds);
    const diagnosis = status === 'registered' && i % 2 === 0 ? null : random.pick(diagnoses);
    const source = status === 'registered' && i % 3 === 0 ? 'qr' : 'staff';
    const registeredAt = daysAgo(now, 20 + Math.floor(random.next() * 150));
    const birthYear = 1938 + Math.floor(random.next() * 55);
    const [row] = await tx
      .insert(patients)
      .values({
        clinicId: clinic.clinicId,
        firstName,
        lastName,
        phone: `555${String(2_000_000 + clinic.seed * 1000 + i).padStart(7, '0')}`,
        birthday: `${birthYear}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 5) % 28)).padStart(2, '0')}`,
        email: i % 4 === 0 ? null : `${firstName}.${lastName}.${i}@example.net`.toLowerCase(),
        diagnosis,
        // Claim numbers (decision 1435): the EMR's record number for the clinic's own registrations, and a member id
        // for most, so the claims check has a few patients to name.
        mrn: source === 'staff' ? `MRN-${clinic.seed}${10_000 + i}` : null,
        insuranceMemberId: i % 7 === 3 ? null : demoMemberId(i),
        therapistId,
        status,
        isRtmCovered: i % 5 !== 0,
        consentDate: status === 'registered' ? null : day(registeredAt),
        consentMethod: status === 'registered' ? null : i % 2 === 0 ? 'verbal' : 'written',
        source,
        createdBy: source === 'staff' ? clinic.staffId : null,
        createdAt: registeredAt,
        updatedAt: registeredAt,
      })
      .returning({ id: patients.id });
    const patientId = row!.id;
    const event = (action: string, toStatus: string, at: Date) =>
      tx
        .insert(patientEvents)
        .values({ patientId, clinicId: clinic.clinicId, action, toStatus, actorUserId: clinic.staffId, at });
    await event('register', 'registered', registeredAt);
    if (source === 'qr') {
      // The task the registration opened, as its rule opens it: one per patient, whoever evaluates it later.
      const task = onboardPatientTask(patientId);
      await tx.insert(tasks).values({
        clinicId: clinic.clinicId,
        patientId,
        kind: task.kind,
        cause: task.cause,
        title: ruleTaskTitle(task),
        createdAt: registeredAt,
      });
    }
    if (status === 'registered' || !diagnosis) continue;

    const startedAt = daysAgo(registeredAt, -2);
    const endedAt = status === 'onboarded' ? null : daysAgo(now, 5 + (i % 10));
    await tx.insert(patientEpisodes).values({
      patientId,
      clinicId: clinic.clinicId,
      diagnosis,
      therapistId,
      startedAt,
      startedBy: clinic.staffId,
      endedAt,
      endedBy: endedAt ? clinic.staffId : null,
    });
    await event('onboard', 'onboarded', startedAt);
    if (endedAt) await event(status === 'removed' ? 'remove' : 'discharge', status, endedAt);

    // Calls are the monitoring demo's (demo-monitoring.ts), planned month by month with the monitored time. The
    // draws of the calls this used to log stay, so every demo patient keeps the name and diagnosis they always had.
    const formerCalls = Math.floor(random.next() * 4);
    for (let c = 0; c < formerCalls; c++) {
      random.next();
      random.next();
    }
  }
}
