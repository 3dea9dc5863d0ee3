import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appSettings, users } from '../../db/schema.ts';

const NOTE_KEY = 'initial_note';
/** Who the note is for: the clinics' staff; the admins who write it read it on their own screen. */
const noteReaders = ['therapist', 'manager', 'supervisor'] as const;

/** The platform's initial note (a setting read by settings-info) and the staff's notices of it. */
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
  async turnOnStaffNotices() {
    await db
      .update(users)
      .set({ isFeatureNotificationOn: true })
      .where(inArray(users.role, [...noteReaders]));
  },
});
