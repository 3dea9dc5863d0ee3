import type { DbOrTx } from '../../db/client.ts';
import { tasks } from '../../db/schema.ts';

/** The clinic's work queue. */
export const createTasksRepository = (db: DbOrTx) => ({
  async insert(values: typeof tasks.$inferInsert) {
    await db.insert(tasks).values(values);
  },
});
