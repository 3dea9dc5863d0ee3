import type { InitialNote } from '@rehabit/contract';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, noteNothingChanged } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Caller, TxData } from '../data-access.ts';

async function readNote(data: TxData): Promise<InitialNote> {
  const row = await data.announcements.note();
  const text = typeof row?.value === 'string' && row.value.trim() !== '' ? row.value : null;
  return { initial_note: text, updated_at: text === null ? null : row!.updatedAt.toISOString() };
}

/**
 * The platform's initial note, edited by admins (decision 1032): a changed note that says something is shown again
 * to every staff member (their feature notices go back on); cleared, it shows to nobody.
 */
export function createAnnouncementsService({ clock, audit }: { clock: Clock; audit: AuditLog }) {
  return {
    initialNote: (actor: Caller) => readNote(actor.data),

    async updateInitialNote(actor: Caller, text: string, ctx: RequestContext): Promise<InitialNote> {
      return actor.data.transaction(async (data) => {
        const repo = data.announcements;
        await repo.holdNote();
        const old = (await readNote(data)).initial_note;
        const next = text === '' ? null : text;
        if (old === next) {
          noteNothingChanged();
          return readNote(data);
        }
        if (next === null) await repo.clearNote();
        else await repo.setNote(next, clock.now());
        const isShownAgain = next !== null;
        // The admin's scope is every clinic: the note is shown again to all their staff.
        if (isShownAgain) await data.staffNotices.turnOn();
        await audit.record(
          {
            action: 'announcement.note_change',
            outcome: 'success',
            actorUserId: actor.id,
            clinicId: actor.clinicId,
            ip: ctx.ip,
            detail: { initial_note: { old, new: next }, is_shown_again: isShownAgain },
          },
          data.db,
        );
        return readNote(data);
      });
    },
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
