import type { InitialNote } from '@rehabit/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { scopeOf } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, noteNothingChanged } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Caller } from '../data-access.ts';
import { createAnnouncementsRepository, createStaffNoticesRepository } from './announcements.repository.ts';

async function readNote(db: DbOrTx): Promise<InitialNote> {
  const row = await createAnnouncementsRepository(db).note();
  const text = typeof row?.value === 'string' && row.value.trim() !== '' ? row.value : null;
  return { initial_note: text, updated_at: text === null ? null : row!.updatedAt.toISOString() };
}

/**
 * The platform's initial note, edited by admins (decision 1032): a changed note that says something is shown again
 * to every staff member (their feature notices go back on); cleared, it shows to nobody.
 */
export function createAnnouncementsService({ db, clock, audit }: { db: Db; clock: Clock; audit: AuditLog }) {
  return {
    initialNote: () => readNote(db),

    async updateInitialNote(actor: Caller, text: string, ctx: RequestContext): Promise<InitialNote> {
      return db.transaction(async (tx) => {
        const repo = createAnnouncementsRepository(tx);
        await repo.holdNote();
        const old = (await readNote(tx)).initial_note;
        const next = text === '' ? null : text;
        if (old === next) {
          noteNothingChanged();
          return readNote(tx);
        }
        if (next === null) await repo.clearNote();
        else await repo.setNote(next, clock.now());
        const isShownAgain = next !== null;
        // The admin's scope is every clinic: the note is shown again to all their staff.
        if (isShownAgain) await createStaffNoticesRepository(tx, scopeOf(actor)).turnOn();
        await audit.record(
          {
            action: 'announcement.note_change',
            outcome: 'success',
            actorUserId: actor.id,
            clinicId: actor.clinicId,
            ip: ctx.ip,
            detail: { initial_note: { old, new: next }, is_shown_again: isShownAgain },
          },
          tx,
        );
        return readNote(tx);
      });
    },
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
