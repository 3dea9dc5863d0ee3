import { type HepRequest, type HepRequestQueueQuery, toPage } from '@rehabit/contract';
import { narrowTo } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, actorAudit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { chosenClinic } from '../clinics/chosen-clinic.ts';
import type { Caller, Data } from '../data-access.ts';
import type { TaskRules } from '../tasks/task-rules.ts';
import type { HepRequestRow } from './hep-requests.repository.ts';

type Deps = { clock: Clock; audit: AuditLog; tasks: TaskRules };
type Page = { page: number; page_size: number };
type Answer = { answer: string; video_id?: number | null; is_declined: boolean };

const nameOf = (first: string, last: string) => `${first} ${last}`.trim();

const toHepRequest = (r: HepRequestRow): HepRequest => ({
  id: r.id,
  request_content: r.requestContent,
  requested_by: { id: r.userId, display_name: nameOf(r.firstName, r.lastName) },
  clinic_code: r.clinicCode,
  created_at: r.createdAt.toISOString(),
  status: r.status,
  answer: r.answer,
  answered_by:
    r.answererId === null
      ? null
      : { id: r.answererId, display_name: nameOf(r.answererFirstName!, r.answererLastName!) },
  answered_at: r.answeredAt?.toISOString() ?? null,
  answer_video: r.videoId === null ? null : { id: r.videoId, title: r.videoTitle! },
});

/**
 * A staff member asks the content team for a missing exercise video; admins answer the queue of every clinic once
 * (decision 1030), and the requester is told by a task in their clinic, opened in the answer's transaction.
 */
export function createHepRequestsService({ clock, audit, tasks }: Deps) {
  const record = actorAudit(audit);

  /** The request as the data access of the scope it was just filed or answered in reads it. */
  async function one(data: Data, id: number) {
    const { rows } = await data.hepRequests.list({ id, page: 1, pageSize: 1, order: 'newest' });
    return toHepRequest(rows[0]!);
  }

  return {
    /** Filed under the caller's clinic, or a patient's named by `clinicCode` (chosenClinic, decision 1155). */
    async create(actor: Caller, content: string, clinicCode: string | undefined, ctx: RequestContext) {
      const { filedUnder: clinicId } = await chosenClinic(actor, clinicCode);
      const scope = narrowTo(actor.data.scope, clinicId);
      if (!scope) throw notFound('clinic');
      const filed = actor.data.within(scope);
      const id = await filed.transaction(async (data) => {
        const made = await data.hepRequests.insert(actor.id, content);
        // Audited under the clinic it is filed under, so that clinic's log shows it.
        await record({ ...actor, clinicId }, 'hep_request.create', ctx, { hep_request_id: made }, 'success', data.db);
        return made;
      });
      return one(filed, id);
    },
    /** The content team's queue: admins', of every clinic their scope reaches. */
    async queue(actor: Caller, query: HepRequestQueueQuery) {
      const requests = actor.data.hepRequests;
      const { rows, count } = await requests.list({ ...query, pageSize: query.page_size });
      return toPage(rows.map(toHepRequest), count, query);
    },
    async mine(actor: Caller, query: Page) {
      const { rows, count } = await actor.data.hepRequests.list({
        page: query.page,
        pageSize: query.page_size,
        requestedBy: actor.id,
        order: 'newest',
      });
      return toPage(rows.map(toHepRequest), count, query);
    },
    /** One answer per request: a second is a conflict, and changes nothing. */
    async answer(actor: Caller, id: number, body: Answer, ctx: RequestContext) {
      const refused = await actor.data.transaction(async (data) => {
        const repo = data.hepRequests;
        const request = await repo.lock(id);
        if (!request) throw notFound('video request');
        // Answered already: refused below, once the lock is let go, with its own audit row.
        if (request.status !== 'open') return request.status;
        const videoId = body.video_id ?? null;
        if (videoId !== null && !(await repo.findGlobalVideo(videoId))) {
          throw fieldError('video_id', 'Pick a video of the global library');
        }
        const status = body.is_declined ? 'declined' : 'answered';
        await repo.answer(id, { status, answer: body.answer, answeredBy: actor.id, videoId, now: clock.now() });
        await tasks.hepRequestAnswered(data, request.clinicId, { id, requestedBy: request.requestedBy });
        await audit.record(
          {
            action: 'hep_request.answer',
            outcome: 'success',
            actorUserId: actor.id,
            // Filed under the requester's clinic: the change is about its request.
            clinicId: request.clinicId,
            ip: ctx.ip,
            detail: {
              hep_request_id: id,
              status: { old: request.status, new: status },
              answer: { old: null, new: body.answer },
              video_id: { old: null, new: videoId },
            },
          },
          data.db,
        );
        return null;
      });
      if (refused) {
        await record(actor, 'hep_request.answer', ctx, { hep_request_id: id, status: refused }, 'denied');
        throw new AppError('conflict', `This request was already ${refused}`);
      }
      return one(actor.data, id);
    },
  };
}
export type HepRequestsService = ReturnType<typeof createHepRequestsService>;
