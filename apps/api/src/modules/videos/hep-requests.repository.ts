import type { HepRequestStatus } from '@rehabit/contract';
import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { clinics, hepRequests, users, videos } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';

const answerer = alias(users, 'answerer');

type ListFilter = {
  page: number;
  pageSize: number;
  status?: HepRequestStatus;
  /** Only this staff member's requests. */
  requestedBy?: number;
  id?: number;
  order: 'oldest' | 'newest';
};

const selectRequests = (db: DbOrTx) =>
  db
    .select({
      id: hepRequests.id,
      clinicId: hepRequests.clinicId,
      requestContent: hepRequests.requestContent,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      clinicCode: clinics.code,
      createdAt: hepRequests.createdAt,
      status: hepRequests.status,
      answer: hepRequests.answer,
      answeredAt: hepRequests.answeredAt,
      answererId: answerer.id,
      answererFirstName: answerer.firstName,
      answererLastName: answerer.lastName,
      videoId: videos.id,
      videoTitle: videos.title,
    })
    .from(hepRequests)
    .innerJoin(users, eq(users.id, hepRequests.requestedBy))
    .innerJoin(clinics, eq(clinics.id, hepRequests.clinicId))
    .leftJoin(answerer, eq(answerer.id, hepRequests.answeredBy))
    .leftJoin(videos, eq(videos.id, hepRequests.answerVideoId))
    .$dynamic();
export type HepRequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

/**
 * HEP video requests of the scope's clinics: a staff member's own, or (admins, across clinics) the queue of every
 * clinic.
 */
export function createHepRequestsRepository(db: DbOrTx, scope: ClinicScope) {
  const inClinic = inScope(hepRequests.clinicId, scope);
  return {
    /** A request of `requestedBy`, filed under the scope's clinic. */
    async insert(requestedBy: number, content: string) {
      const [row] = await db
        .insert(hepRequests)
        .values({ clinicId: clinicIdOf(scope), requestedBy, requestContent: content })
        .returning({ id: hepRequests.id });
      return row!.id;
    },
    async list(filter: ListFilter) {
      const conditions: (SQL | undefined)[] = [
        inClinic,
        filter.id ? eq(hepRequests.id, filter.id) : undefined,
        filter.status ? eq(hepRequests.status, filter.status) : undefined,
        filter.requestedBy ? eq(hepRequests.requestedBy, filter.requestedBy) : undefined,
      ];
      const where = and(...conditions);
      const [total] = await db.select({ n: count() }).from(hepRequests).where(where);
      const direction = filter.order === 'newest' ? sql`desc` : sql`asc`;
      const rows = await selectRequests(db)
        .where(where)
        .orderBy(sql`${hepRequests.createdAt} ${direction}, ${hepRequests.id} ${direction}`)
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      return { rows, count: total?.n ?? 0 };
    },
    /** The request, locked until the answer's transaction ends, so two answers never both land. */
    async lock(id: number) {
      const [row] = await db
        .select({
          id: hepRequests.id,
          clinicId: hepRequests.clinicId,
          requestedBy: hepRequests.requestedBy,
          status: hepRequests.status,
        })
        .from(hepRequests)
        .where(and(eq(hepRequests.id, id), inClinic))
        .for('update');
      return row;
    },
    /**
     * A video of the global library (no clinic's own, usable by every clinic), whatever its processing state. No
     * clinic's video is ever one, whatever the scope.
     */
    async findGlobalVideo(id: number) {
      const [row] = await db
        .select({ id: videos.id })
        .from(videos)
        .where(and(eq(videos.id, id), isNull(videos.clinicId)));
      return row;
    },
    async answer(
      id: number,
      change: { status: HepRequestStatus; answer: string; answeredBy: number; videoId: number | null; now: Date },
    ) {
      await db
        .update(hepRequests)
        .set({
          status: change.status,
          answer: change.answer,
          answeredBy: change.answeredBy,
          answeredAt: change.now,
          answerVideoId: change.videoId,
        })
        .where(and(eq(hepRequests.id, id), inClinic));
    },
  };
}
