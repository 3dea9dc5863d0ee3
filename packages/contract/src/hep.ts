import { z } from 'zod';
import { idParamsSchema, idSchema } from './common.ts';
import { defineEndpoints, fileResponseSchema } from './endpoint.ts';
import { MAX_PAGE_SIZE } from './pagination.ts';
import { captionLinkSchema, videoStatusSchema } from './videos.ts';

/** A program holds at most this many exercises: more is never a home program a patient can follow. */
export const HEP_MAX_ITEMS = 60;

export const HEP_LIMITS = {
  sets: { min: 1, max: 20 },
  reps: { min: 1, max: 100 },
  holdSeconds: { min: 0, max: 600 },
  timesPerDay: { min: 1, max: 6 },
  daysPerWeek: { min: 1, max: 7 },
  description: 2000,
} as const;

const bounded = (limits: { min: number; max: number }) =>
  z.coerce
    .number()
    .int({ error: 'Use a whole number' })
    .min(limits.min, { error: `At least ${limits.min}` })
    .max(limits.max, { error: `At most ${limits.max}` });

/** The dosage fields a therapist sets per exercise. */
export const hepDosageSchema = z.object({
  sets: bounded(HEP_LIMITS.sets),
  reps: bounded(HEP_LIMITS.reps),
  hold_seconds: bounded(HEP_LIMITS.holdSeconds),
  times_per_day: bounded(HEP_LIMITS.timesPerDay),
  days_per_week: bounded(HEP_LIMITS.daysPerWeek),
  description: z.string().trim().max(HEP_LIMITS.description),
});
export type HepDosage = z.infer<typeof hepDosageSchema>;

/** Defaults of a new program item when the body leaves a field out (sets and reps come from the video). */
export const HEP_DEFAULTS = { hold_seconds: 0, times_per_day: 1, days_per_week: 7, description: '' } as const;

/**
 * One element of the POST array: a video, or a folder whose videos are all added (in the folder's order).
 * `order` places the new item(s); without it they go to the end.
 */
export const hepAddItemSchema = hepDosageSchema
  .partial()
  .extend({
    video_id: z.optional(idSchema),
    folder_id: z.optional(idSchema),
    /** Informational: the folder's name as the client showed it; the server uses the stored name. */
    folder_name: z.string().trim().max(80).optional(),
    order: z.coerce.number().int().min(0).max(HEP_MAX_ITEMS).optional(),
  })
  .refine((item) => (item.video_id === undefined) !== (item.folder_id === undefined), {
    error: 'Give either a video or a folder',
  });
export type HepAddItem = z.infer<typeof hepAddItemSchema>;
export const hepAddBodySchema = z
  .array(hepAddItemSchema)
  .min(1, { error: 'Choose at least one exercise' })
  .max(HEP_MAX_ITEMS);
export type HepAddBody = z.infer<typeof hepAddBodySchema>;

/** PATCH takes sets, reps and description (the original contract's fields), and our hold and frequency fields. */
export const hepUpdateBodySchema = hepDosageSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Change at least one field' });
export type HepUpdateBody = z.infer<typeof hepUpdateBodySchema>;

const hepIdList = z
  .array(idSchema)
  .min(1, { error: 'Choose at least one exercise' })
  .max(MAX_PAGE_SIZE)
  .refine((ids) => new Set(ids).size === ids.length, { error: 'An exercise is listed twice' });
export const hepDeleteBodySchema = z.object({ hep_ids: hepIdList });
export type HepDeleteBody = z.infer<typeof hepDeleteBodySchema>;
/** The whole program of one patient in its new order. */
export const hepSetOrderBodySchema = z.object({ hep_ids: hepIdList });
export type HepSetOrderBody = z.infer<typeof hepSetOrderBodySchema>;

export const hepProgramParamsSchema = z.object({ dashboardId: idSchema });
export const hepItemParamsSchema = z.object({ dashboardId: idSchema, hepId: idSchema });

/** The video as a program shows it: enough to play it and label it. */
export const hepVideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The video's instructions; with the Spanish title and instructions, empty when not translated (decision 1231). */
  description: z.string(),
  title_es: z.string(),
  description_es: z.string(),
  status: videoStatusSchema,
  body_part: z.string(),
  equipment: z.string(),
  duration_seconds: z.number().nullable(),
  play_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  /** Its caption tracks, signed like the file (decision 1405). */
  captions: z.array(captionLinkSchema),
});
export type HepVideo = z.infer<typeof hepVideoSchema>;

export const hepItemSchema = z.object({
  id: z.number().int(),
  patient_id: z.number().int(),
  video_id: z.number().int(),
  video: hepVideoSchema,
  order: z.number().int(),
  sets: z.number().int(),
  reps: z.number().int(),
  hold_seconds: z.number().int(),
  times_per_day: z.number().int(),
  days_per_week: z.number().int(),
  description: z.string(),
  /** The folder the item was added from, if any. */
  folder_id: z.number().int().nullable(),
  folder_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HepItem = z.infer<typeof hepItemSchema>;
/** A patient's whole program in order; `updated_at` is the last change (for the "not updated for 30 days" rule). */
export const hepProgramSchema = z.object({
  results: z.array(hepItemSchema),
  count: z.number().int(),
  updated_at: z.string().nullable(),
});
export type HepProgram = z.infer<typeof hepProgramSchema>;
export const hepDeletedSchema = z.object({ deleted: z.array(z.number().int()) });

/** The languages a program's printed handout is written in (decision 1395). */
export const handoutLanguages = ['en', 'es'] as const;
export type HandoutLanguage = (typeof handoutLanguages)[number];
export const handoutQuerySchema = z.object({
  language: z.enum(handoutLanguages, { error: 'Choose en (English) or es (Spanish)' }).default('en'),
});
/** The handout e-mailed to the patient (decision 1415): in which language, always said. */
export const handoutEmailBodySchema = z.object({
  language: z.enum(handoutLanguages, { error: 'Choose en (English) or es (Spanish)' }),
});
/**
 * Where the handout's e-mail went: the patient's address, whether the PDF was attached (the clinic's setting), and
 * the outbox's status (`queued` without a mail server, `suppressed` for the restricted demo clinic).
 */
export const handoutEmailSchema = z.object({
  to: z.string(),
  attached: z.boolean(),
  status: z.enum(['sent', 'queued', 'suppressed']),
});
export type HandoutEmail = z.infer<typeof handoutEmailSchema>;

/** Home exercise programs (decision 0400): staff build a patient's program; the dashboard id is the patient's id. */
export const hepEndpoints = defineEndpoints('home exercise programs', {
  /** The patient's whole program in order. */
  program: {
    method: 'GET',
    path: '/video/hep/therapist/:dashboardId',
    access: 'programs.edit',
    audit: { read: 'hep.read' },
    params: hepProgramParamsSchema,
    status: 200,
    response: hepProgramSchema,
  },
  /** Adds videos, or whole folders, to the program; answers the whole program. */
  add: {
    method: 'POST',
    path: '/video/hep/therapist/:dashboardId',
    access: 'programs.edit',
    audit: { change: 'hep.added' },
    params: hepProgramParamsSchema,
    body: hepAddBodySchema,
    status: 201,
    response: hepProgramSchema,
  },
  /** Changes the dosage or description of one exercise of the program. */
  update: {
    method: 'PATCH',
    path: '/video/hep/therapist/:dashboardId/:hepId',
    access: 'programs.edit',
    audit: { change: 'hep.updated' },
    params: hepItemParamsSchema,
    body: hepUpdateBodySchema,
    status: 200,
    response: hepItemSchema,
  },
  /** Takes exercises out of the program; each can be restored. */
  remove: {
    method: 'DELETE',
    path: '/video/hep/therapist/:dashboardId',
    access: 'programs.edit',
    audit: { change: 'hep.deleted' },
    params: hepProgramParamsSchema,
    body: hepDeleteBodySchema,
    status: 200,
    response: hepDeletedSchema,
  },
  /** Brings a removed exercise back in its place. */
  restore: {
    method: 'POST',
    path: '/api/v1/heps/:id/restore/',
    access: 'programs.edit',
    audit: { change: 'hep.restored' },
    params: idParamsSchema,
    status: 200,
    response: hepItemSchema,
  },
  /** Puts a patient's whole program in a new order. */
  setOrder: {
    method: 'POST',
    path: '/api/v1/heps/set_order/',
    access: 'programs.edit',
    audit: { change: 'hep.reordered' },
    body: hepSetOrderBodySchema,
    status: 200,
    response: hepProgramSchema,
  },
  /**
   * The program as a printable PDF for the patient to take home, in English or Spanish (decision 1395). Anyone who
   * reads the patient may print it; a program without exercises is a conflict, not an empty page.
   */
  handout: {
    method: 'GET',
    path: '/api/v1/patients/:id/handout/',
    access: 'patients.read',
    audit: { read: 'handout.download' },
    params: idParamsSchema,
    query: handoutQuerySchema,
    status: 200,
    file: 'pdf',
    response: fileResponseSchema,
  },
  /**
   * E-mails the handout to the patient (decision 1415): a message with no health detail that links to the patient's
   * sign-in, with the PDF attached only when the clinic allows attachments. Sent on the patient's behalf, so by
   * those who edit programs; no e-mail address or no exercises is a conflict.
   */
  handoutEmail: {
    method: 'POST',
    path: '/api/v1/patients/:id/handout/email/',
    access: 'programs.edit',
    audit: { change: 'handout.email' },
    params: idParamsSchema,
    body: handoutEmailBodySchema,
    status: 200,
    response: handoutEmailSchema,
  },
});
