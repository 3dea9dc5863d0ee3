import type { TemplateVisibility } from '@rehabit/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { programTemplateItems, programTemplates, users, videos } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import { templateVisibleIn, videoUsableByTemplate } from '../../db/visibility.ts';
import { type HepDosage, hepVideoColumns } from '../hep/hep.repository.ts';

const templateColumns = {
  id: programTemplates.id,
  clinicId: programTemplates.clinicId,
  ownerUserId: programTemplates.ownerUserId,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  name: programTemplates.name,
  visibility: programTemplates.visibility,
  retiredAt: programTemplates.retiredAt,
  createdAt: programTemplates.createdAt,
  updatedAt: programTemplates.updatedAt,
  /** The exercises whose videos the template's clinic may use: the others are never shown. */
  itemCount: sql<number>`(
    select count(*) from ${programTemplateItems} join ${videos} on ${videos.id} = ${programTemplateItems.videoId}
    where ${programTemplateItems.templateId} = ${programTemplates.id}
      and ${videoUsableByTemplate(programTemplates.clinicId)}
  )`.mapWith(Number),
};

const selectTemplates = (db: DbOrTx) =>
  db
    .select(templateColumns)
    .from(programTemplates)
    .leftJoin(users, eq(users.id, programTemplates.ownerUserId))
    .$dynamic();
export type TemplateRow = Awaited<ReturnType<ReturnType<typeof selectTemplates>['execute']>>[number];

/** The columns of the video of a template's exercise or a protocol's, as a program shows it. */
export const exerciseVideoColumns = {
  videoId: videos.id,
  videoClinicId: videos.clinicId,
  ...hepVideoColumns,
  videoSets: videos.sets,
  videoReps: videos.reps,
};

const selectItems = (db: DbOrTx) =>
  db
    .select({
      id: programTemplateItems.id,
      templateId: programTemplateItems.templateId,
      position: programTemplateItems.position,
      sets: programTemplateItems.sets,
      reps: programTemplateItems.reps,
      holdSeconds: programTemplateItems.holdSeconds,
      timesPerDay: programTemplateItems.timesPerDay,
      daysPerWeek: programTemplateItems.daysPerWeek,
      description: programTemplateItems.description,
      ...exerciseVideoColumns,
    })
    .from(programTemplateItems)
    .innerJoin(videos, eq(videos.id, programTemplateItems.videoId))
    .innerJoin(programTemplates, eq(programTemplates.id, programTemplateItems.templateId))
    .$dynamic();
export type TemplateItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];
export type LibraryVideoRow = Pick<TemplateItemRow, keyof typeof exerciseVideoColumns>;

/** One exercise of a template as it is written. */
export type NewTemplateItem = HepDosage & { videoId: number };

export type TemplateListFilter = {
  search?: string;
  owner?: 'mine' | 'clinic';
  includeRetired: boolean;
  page: number;
  pageSize: number;
};

export type TemplateChanges = { name?: string; visibility?: TemplateVisibility };

/**
 * Program templates of the scope's clinics (decision 1400): every read is narrowed to the templates the viewer sees
 * (`templateVisibleIn`), and a template's exercises to the videos its own clinic may use. Writes go to the one clinic
 * of the scope.
 */
export function createProgramTemplatesRepository(db: DbOrTx, scope: ClinicScope) {
  const inClinic = inScope(programTemplates.clinicId, scope);
  return {
    /** A page of the templates the viewer sees, by name. */
    async list(viewerUserId: number, filter: TemplateListFilter) {
      const conditions: (SQL | undefined)[] = [templateVisibleIn(scope, viewerUserId)];
      if (!filter.includeRetired) conditions.push(isNull(programTemplates.retiredAt));
      if (filter.owner === 'mine') conditions.push(eq(programTemplates.ownerUserId, viewerUserId));
      if (filter.owner === 'clinic') conditions.push(eq(programTemplates.visibility, 'clinic'));
      if (filter.search) conditions.push(ilike(programTemplates.name, `%${escapeLike(filter.search)}%`));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        selectTemplates(db)
          .where(where)
          .orderBy(
            // Templates in use before retired ones, then by name.
            asc(isNotNull(programTemplates.retiredAt)),
            asc(sql`lower(${programTemplates.name})`),
            desc(programTemplates.id),
          )
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db.select({ n: count() }).from(programTemplates).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },
    /** A template the viewer sees, by id; another clinic's, or a colleague's private one, is not found. */
    async findVisible(viewerUserId: number, id: number): Promise<TemplateRow | undefined> {
      const [row] = await selectTemplates(db)
        .where(and(eq(programTemplates.id, id), templateVisibleIn(scope, viewerUserId)))
        .limit(1);
      return row;
    },
    /** A template's exercises in order, only those whose videos its clinic may use. */
    async items(templateId: number) {
      return selectItems(db)
        .where(
          and(
            eq(programTemplateItems.templateId, templateId),
            inClinic,
            inScope(programTemplateItems.clinicId, scope),
            videoUsableByTemplate(programTemplates.clinicId),
          ),
        )
        .orderBy(asc(programTemplateItems.position), asc(programTemplateItems.id));
    },
    async insert(template: { ownerUserId: number; name: string; visibility: TemplateVisibility }, now: Date) {
      const [row] = await db
        .insert(programTemplates)
        .values({ ...template, clinicId: clinicIdOf(scope), createdAt: now, updatedAt: now })
        .returning({ id: programTemplates.id });
      return row!.id;
    },
    /** Changes a template's name or visibility; answers whether one of the scope's templates changed. */
    async update(id: number, changes: TemplateChanges, now: Date) {
      const rows = await db
        .update(programTemplates)
        .set({ ...changes, updatedAt: now })
        .where(and(eq(programTemplates.id, id), inClinic))
        .returning({ id: programTemplates.id });
      return rows.length > 0;
    },
    /** The template's exercises replaced by these, in order; a template of another clinic is left as it is. */
    async replaceItems(templateId: number, items: NewTemplateItem[]) {
      const clinicId = clinicIdOf(scope);
      const [owned] = await db
        .select({ id: programTemplates.id })
        .from(programTemplates)
        .where(and(eq(programTemplates.id, templateId), eq(programTemplates.clinicId, clinicId)));
      if (!owned) return false;
      await db
        .delete(programTemplateItems)
        .where(and(eq(programTemplateItems.templateId, templateId), eq(programTemplateItems.clinicId, clinicId)));
      if (items.length > 0) {
        await db
          .insert(programTemplateItems)
          .values(items.map((item, position) => ({ ...item, templateId, clinicId, position })));
      }
      return true;
    },
    /** Retires a template (or brings it back when `at` is null). */
    async setRetired(id: number, at: Date | null, by: number | null, now: Date) {
      const rows = await db
        .update(programTemplates)
        .set({ retiredAt: at, retiredBy: by, updatedAt: now })
        .where(and(eq(programTemplates.id, id), inClinic))
        .returning({ id: programTemplates.id });
      return rows.length > 0;
    },
    /**
     * The shipped library's videos by title (a protocol's exercises, decision 1401): global-library videos that did
     * not fail, the oldest first when two share a title. Never a clinic's own video.
     */
    async libraryVideosByTitle(titles: string[]): Promise<LibraryVideoRow[]> {
      if (titles.length === 0) return [];
      const lowered = [...new Set(titles.map((t) => t.toLowerCase()))];
      return db
        .select(exerciseVideoColumns)
        .from(videos)
        .where(and(isNull(videos.clinicId), ne(videos.status, 'failed'), inArray(sql`lower(${videos.title})`, lowered)))
        .orderBy(asc(videos.id));
    },
  };
}
