import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { clinicScope, crossClinic } from '../db/scope.ts';
import { hashPassword } from '../lib/passwords.ts';
import { dataFor } from '../modules/data-access.ts';
import { type VideoStorage, videoStorageFromConfig } from '../video-host/storage.ts';
import { seedDemoChat } from './demo-chat.ts';
import { seedDemoMonitoring } from './demo-monitoring.ts';
import { seedDemoPatients } from './demo-patients.ts';
import { seedDemoPrograms } from './demo-programs.ts';
import { COLLEAGUE_SIGNED_UP_DAYS_AGO, PENDING_SIGNED_UP_DAYS_AGO, seedDemoReferrals } from './demo-referrals.ts';
import { seedDemoReminders } from './demo-reminders.ts';
import { type DemoClip, seedDemoVideos, writeDemoVideoFiles } from './demo-videos.ts';

export const DEMO_PASSWORD = 'rehabit-demo-1';
export const DEMO_SUPERVISOR_PASSWORD = 'demo-supervisor-1';
export const DEMO_CLINIC_CODE = 'DEMO01';

const INITIAL_NOTE =
  'Welcome to Rehabit. Register a patient, onboard them with a diagnosis, build their home exercise program from the video library, and follow their progress and messages between visits.';

/** Creates the demo clinics and accounts once; a second run changes nothing. */
export const demoVideoOptions = (config: Config) => ({
  storage: videoStorageFromConfig(config),
  ffmpeg: config.FFMPEG_PATH,
});

export type SeedOptions = {
  restrictedCode: string;
  /** Where the video host keeps files: with it, the demo exercise library is seeded too. */
  videos?: { storage: VideoStorage; ffmpeg: string; signal?: AbortSignal };
  /** The day the demo history runs up to (today by default). */
  now?: Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Well before the oldest demo history (about 90 days of readings, monitored time and calls). */
const STAFF_JOINED_DAYS_AGO = 180;

export async function seedDemo(db: Db, { restrictedCode, videos, now = new Date() }: SeedOptions): Promise<boolean> {
  const seedData = dataFor(db, crossClinic('demo seed'));
  if (await seedData.clinics.findByCode(DEMO_CLINIC_CODE)) return false;

  const [staffHash, supervisorHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_SUPERVISOR_PASSWORD),
  ]);
  let clips: DemoClip[] = [];
  await seedData.transaction(async (data) => {
    // The seeders beside the repositories write straight into the tables, on the same transaction.
    const tx = data.db as Tx;
    const txClinics = data.clinics;
    const usersOf = (clinicId: number) => data.within(clinicScope(clinicId)).users;
    // Staff accounts date from before the demo's history (their monitored time and calls), so every screen that
    // shows when someone joined agrees with what they did; the colleague and the waiting sign-up joined later,
    // through their referrals.
    const approved = {
      approvalStatus: 'approved' as const,
      passwordHash: staffHash,
      createdAt: new Date(now.getTime() - STAFF_JOINED_DAYS_AGO * DAY_MS),
    };

    const platform = await txClinics.insert({ code: 'RHBTHQ', name: 'Rehabit Support' });
    const demo = await txClinics.insert({
      code: DEMO_CLINIC_CODE,
      name: 'Rehabit Demo Clinic',
      address: '100 Main Street, Springfield, IL 62701',
      npi: '1234567893',
      tin: '12-3456789',
      timezone: 'America/Chicago',
      // Staff pay needs the clinic's hourly monitoring rate (decision 1000): $60 an hour, a dollar a minute.
      monitoringRateCents: 6000,
    });
    const other = await txClinics.insert({ code: 'OTHER1', name: 'Other Physical Therapy' });
    const restricted = await txClinics.insert({ code: restrictedCode, name: 'Rehabit Sandbox Clinic' });

    const supportId = await usersOf(platform.id).insert({
      ...approved,
      email: 'support@rehabit.local',
      firstName: 'Rehabit',
      lastName: 'Support',
      role: 'admin',
    });
    const supervisorId = await usersOf(demo.id).insert({
      ...approved,
      passwordHash: supervisorHash,
      email: 'supervisor@example.com',
      firstName: 'Sam',
      lastName: 'Supervisor',
      role: 'supervisor',
      npi: '1245319599',
    });
    await data.within(clinicScope(demo.id)).clinics.setSupervisor(supervisorId);
    const staff = [
      {
        clinicId: demo.id,
        email: 'therapist@example.com',
        firstName: 'Taylor',
        lastName: 'Reed',
        role: 'therapist',
        // Rendering clinicians of the billing file: demo numbers, not anyone's.
        npi: '1679576722',
      },
      { clinicId: demo.id, email: 'manager@example.com', firstName: 'Morgan', lastName: 'Lee', role: 'manager' },
      { clinicId: demo.id, email: 'admin@example.com', firstName: 'Alex', lastName: 'Admin', role: 'admin' },
      { clinicId: other.id, email: 'other@example.com', firstName: 'Olivia', lastName: 'Other', role: 'therapist' },
      { clinicId: restricted.id, email: 'demo@example.com', firstName: 'Dana', lastName: 'Demo', role: 'therapist' },
    ] as const;
    const staffIds: Record<string, number> = {};
    for (const { clinicId, ...member } of staff) {
      staffIds[member.email] = await usersOf(clinicId).insert({ ...approved, ...member });
    }
    const colleagueId = await usersOf(demo.id).insert({
      ...approved,
      createdAt: new Date(now.getTime() - COLLEAGUE_SIGNED_UP_DAYS_AGO * DAY_MS),
      email: 'casey.ortiz@example.com',
      firstName: 'Casey',
      lastName: 'Ortiz',
      role: 'therapist',
      npi: '1376524998',
    });
    const pendingId = await usersOf(demo.id).insert({
      email: 'pending@example.com',
      passwordHash: staffHash,
      firstName: 'Pat',
      lastName: 'Pending',
      role: 'therapist',
      approvalStatus: 'pending',
      createdAt: new Date(now.getTime() - PENDING_SIGNED_UP_DAYS_AGO * DAY_MS),
    });

    await seedDemoPatients(
      tx,
      {
        clinicId: demo.id,
        therapistIds: [staffIds['therapist@example.com']!, colleagueId],
        staffId: staffIds['manager@example.com']!,
        count: 60,
        seed: 1,
      },
      now,
    );
    await seedDemoPatients(
      tx,
      {
        clinicId: other.id,
        therapistIds: [staffIds['other@example.com']!],
        staffId: staffIds['other@example.com']!,
        count: 6,
        seed: 2,
      },
      now,
    );

    if (videos) {
      clips = await seedDemoVideos(tx, {
        adminId: supportId,
        demoClinicId: demo.id,
        therapistId: staffIds['therapist@example.com']!,
        colleagueId,
        otherClinicId: other.id,
        otherTherapistId: staffIds['other@example.com']!,
      });
    }

    // Programs are built from the library: without it the patients get their readings and outcome history only.
    await seedDemoPrograms(tx, {
      clinicIds: [demo.id, other.id],
      therapistId: staffIds['therapist@example.com']!,
      passwordHash: staffHash,
      now,
    });
    // Monitored time and calls follow the patients' data, so they come once the history exists.
    await seedDemoMonitoring(tx, { clinicIds: [demo.id, other.id], now });

    await seedDemoReferrals(tx, {
      clinicId: demo.id,
      therapistId: staffIds['therapist@example.com']!,
      colleague: { id: colleagueId, email: 'casey.ortiz@example.com', firstName: 'Casey', lastName: 'Ortiz' },
      pending: { id: pendingId, email: 'pending@example.com', firstName: 'Pat', lastName: 'Pending' },
      now,
    });

    await seedDemoChat(tx, {
      clinicId: demo.id,
      therapistId: staffIds['therapist@example.com']!,
      managerId: staffIds['manager@example.com']!,
      supportId,
      now,
    });
    await seedDemoReminders(tx, { clinicId: demo.id, staffId: staffIds['therapist@example.com']!, now });

    const settings = data.settings;
    await settings.set('support_user_id', supportId);
    await settings.set('initial_note', INITIAL_NOTE);
  });
  if (videos) await writeDemoVideoFiles(db, clips, videos);
  return true;
}
