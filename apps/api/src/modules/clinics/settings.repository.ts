import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';

/** Platform-wide settings (support account, announcement note) kept as JSON values by key. */
export const createSettingsRepository = (db: DbOrTx) => ({
  async get<T>(key: string): Promise<T | undefined> {
    const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
    return row?.value as T | undefined;
  },
  async set(key: string, value: unknown) {
    await db
      .insert(appSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  },
});
