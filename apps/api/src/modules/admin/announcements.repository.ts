import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appSettings, users } from '../../db/schema.ts';
import { type ClinicScope, inScope } from '../../db/scope.ts';

const NOTE_KEY = 'initial_note';
/** Who the note is for: the clinics' staff; the admins who write it read it on their own screen. */
const noteReaders = ['therapist', 'manager', 'supervisor'] as const;

/**
 * The platform's initial note (a setting read by settings-info): one note for the whole platform, no clinic's row,
 * so it takes no scope (decision 1340). The staff's notices of it are their clinics' rows: `createStaffNoticesRepository`.
 */
export const createAnnouncementsRepository = (db: DbOrTx) => ({
  /** Holds other edits of the note until the transaction ends, so each audits the text it really replaced. */
  async holdNote() {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`setting:${NOTE_KEY}`}))`);
  },
  async note() {
    const [row] = await db
      .select({ value: appSettings.value, updatedAt: appSettings.updatedAt })
      .from(appSettings)
      .where(eq(appSettings.key, NOTE_KEY));
    return row;
  },
  async setNote(text: string, now: Date) {
    await db
      .insert(appSettings)
      .values({ key: NOTE_KEY, value: text, updatedAt: now })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: text, updatedAt: now } });
  },
  /** No row: settings-info answers null. */
  async clearNote() {
    await db.delete(appSettings).where(eq(appSettings.key, NOTE_KEY));
  },
});

/**
 * The staff's notices of the note, kept on their accounts: those of the scope's clinics (decision 1340), every
 * clinic's when platform staff change the note.
 */
export const createStaffNoticesRepository = (db: DbOrTx, scope: ClinicScope) => ({
  /** Shows the note again to the scope's staff. */
  async turnOn() {
    await db
      .update(users)
      .set({ isFeatureNotificationOn: true })
      .where(and(inArray(users.role, [...noteReaders]), inScope(users.clinicId, scope)));
  },
});
