import { z } from 'zod';
import { idParamsSchema, idSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { HEP_MAX_ITEMS, hepDosageSchema, hepProgramSchema, hepVideoSchema } from './hep.ts';
import { MAX_PAGE_SIZE } from './pagination.ts';

// Program templates (decision 1400) and the protocols shipped with the product (decision 1401).

export const TEMPLATE_NAME_MAX = 80;

/** Who sees a template: its owner alone, or every staff member of its clinic. */
export const templateVisibilities = ['private', 'clinic'] as const;
export const templateVisibilitySchema = z.enum(templateVisibilities, { error: 'Choose private or clinic' });
export type TemplateVisibility = z.infer<typeof templateVisibilitySchema>;

/** What every shipped protocol says of itself (decision 1401). */
export const PROTOCOL_NOTE = 'A starting point for clinical judgement, not a prescription.';

/** A protocol's key: lower-case words joined by hyphens, e.g. `total-knee-replacement`. */
export const protocolKeySchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'No such protocol' })
  .max(60, { error: 'No such protocol' });

/**
 * Whether a diagnosis matches one of a protocol's ICD-10 prefixes: the code starts with the prefix, dots and case
 * ignored (`Z96.651` matches `Z96.65`, `S83.511A` matches `S83.5`).
 */
export function diagnosisMatches(prefixes: readonly string[], diagnosis: string | null | undefined): boolean {
  if (!diagnosis) return false;
  const bare = (code: string) => code.replace('.', '').toUpperCase();
  const code = bare(diagnosis);
  return prefixes.some((prefix) => code.startsWith(bare(prefix)));
}

const templateName = z
  .string()
  .trim()
  .min(1, { error: 'Give the template a name' })
  .max(TEMPLATE_NAME_MAX, { error: `At most ${TEMPLATE_NAME_MAX} characters` });

/** One exercise of a template as it is written: a video and its dosage, in the list's order. */
export const templateItemInputSchema = hepDosageSchema.extend({ video_id: idSchema });
export type TemplateItemInput = z.infer<typeof templateItemInputSchema>;
const templateItemsInput = z
  .array(templateItemInputSchema)
  .min(1, { error: 'Choose at least one exercise' })
  .max(HEP_MAX_ITEMS, { error: `A template holds at most ${HEP_MAX_ITEMS} exercises` });

export const createTemplateBodySchema = z.object({
  name: templateName,
  visibility: templateVisibilitySchema.default('private'),
  items: templateItemsInput,
});
export type CreateTemplateBody = z.infer<typeof createTemplateBodySchema>;

export const updateTemplateBodySchema = z
  .object({ name: templateName, visibility: templateVisibilitySchema, items: templateItemsInput })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Change at least one field' });
export type UpdateTemplateBody = z.infer<typeof updateTemplateBodySchema>;

/** Saving a patient's current program as a template: its name and who sees it. */
export const saveProgramAsTemplateBodySchema = z.object({
  name: templateName,
  visibility: templateVisibilitySchema.default('private'),
});
export type SaveProgramAsTemplateBody = z.infer<typeof saveProgramAsTemplateBodySchema>;

/** Retires a template (it is no longer offered nor applied) or brings it back. */
export const retireTemplateBodySchema = z.object({ retired: z.boolean({ error: 'Say true or false' }) });

/** Applying a template or a protocol: exactly one of them. */
export const applyTemplateBodySchema = z
  .object({ template_id: z.optional(idSchema), protocol: protocolKeySchema.optional() })
  .refine((body) => (body.template_id === undefined) !== (body.protocol === undefined), {
    error: 'Choose a template or a protocol',
  });
export type ApplyTemplateBody = z.infer<typeof applyTemplateBodySchema>;

export const templateListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  /** Part of the name. */
  search: z.string().trim().max(TEMPLATE_NAME_MAX).optional(),
  /** mine: the caller's own; clinic: shared with the clinic (the caller's own shared ones included). */
  owner: z.enum(['mine', 'clinic']).optional(),
  /** Retired templates too (the management screen); the start dialog leaves them out. */
  include_retired: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** A patient: their diagnosis ranks the protocols (those that match are offered first). */
  for_patient: z.optional(idSchema),
  /** A diagnosis to rank the protocols by, when no patient is named. */
  diagnosis: z.string().trim().toUpperCase().max(10).optional(),
});
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;
/** The list's query as a client sends it. */
export type TemplateListParams = z.input<typeof templateListQuerySchema>;

/** An exercise of a template or protocol: the video as a program shows it, and its dosage. */
export const templateItemSchema = hepDosageSchema.extend({
  video_id: z.number().int(),
  video: hepVideoSchema,
  order: z.number().int(),
});
export type TemplateItem = z.infer<typeof templateItemSchema>;

const staffRef = z.object({ id: z.number().int(), display_name: z.string() });

/** A template as lists show it. */
export const templateSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  visibility: templateVisibilitySchema,
  owner: staffRef.nullable(),
  is_mine: z.boolean(),
  /** Whether the caller may rename, edit, share or retire it (the owner; a shared one also the clinic's managers). */
  can_edit: z.boolean(),
  retired: z.boolean(),
  item_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;
export const templateSchema = templateSummarySchema.extend({ items: z.array(templateItemSchema) });
export type Template = z.infer<typeof templateSchema>;

/** A shipped protocol as lists show it (decision 1401). Read-only: it is applied, or copied into a template. */
export const protocolSummarySchema = z.object({
  key: z.string(),
  name: z.string(),
  summary: z.string(),
  /** The ICD-10 prefixes it is offered for. */
  icd10_prefixes: z.array(z.string()),
  /** Whether the diagnosis asked about (the patient's) matches one of its prefixes. */
  matches: z.boolean(),
  note: z.string(),
  /** The guidelines it follows, by name. */
  sources: z.array(z.string()),
  /** How many of its exercises the clinic's library holds, of how many it lists. */
  item_count: z.number().int(),
  listed_count: z.number().int(),
});
export type ProtocolSummary = z.infer<typeof protocolSummarySchema>;
export const protocolSchema = protocolSummarySchema.extend({
  items: z.array(templateItemSchema),
  /** Exercises it lists that the library does not hold (by title): they are left out when it is applied. */
  missing: z.array(z.string()),
});
export type Protocol = z.infer<typeof protocolSchema>;

/**
 * A page of templates, with the protocols beside it (not paginated: a handful), those matching the diagnosis first.
 * `diagnosis` is the one the protocols were ranked by.
 */
export const templateListSchema = z.object({
  count: z.number().int(),
  next: z.number().int().nullable(),
  previous: z.number().int().nullable(),
  results: z.array(templateSummarySchema),
  protocols: z.array(protocolSummarySchema),
  diagnosis: z.string().nullable(),
});
export type TemplateList = z.infer<typeof templateListSchema>;

export const protocolParamsSchema = z.object({ key: protocolKeySchema });

/** What an apply did: the program as it now stands, the new items, and the exercises left out and why. */
export const applyTemplateResultSchema = z.object({
  program: hepProgramSchema,
  added: z.array(z.number().int()),
  /** Videos of the template already in the program: the program's own item, with its dosage, is kept. */
  skipped_present: z.array(z.number().int()),
  /** Videos of the template the library no longer offers (their processing failed). */
  skipped_unavailable: z.array(z.number().int()),
  /** A protocol's exercises this clinic's exercise library does not hold, by their titles. */
  skipped_missing: z.array(z.string()),
});
export type ApplyTemplateResult = z.infer<typeof applyTemplateResultSchema>;

/** Program templates and protocols (decisions 1400, 1401): those who edit programs save, read and apply them. */
export const programTemplateEndpoints = defineEndpoints('program templates', {
  /** The caller's own templates, the clinic's shared ones, and the protocols ranked by a patient's diagnosis. */
  list: {
    method: 'GET',
    path: '/api/v1/program-templates/',
    access: 'programs.edit',
    audit: { read: 'program_template.list' },
    query: templateListQuerySchema,
    status: 200,
    response: templateListSchema,
  },
  /** One template with its exercises. */
  detail: {
    method: 'GET',
    path: '/api/v1/program-templates/:id/',
    access: 'programs.edit',
    audit: { read: 'program_template.read' },
    params: idParamsSchema,
    status: 200,
    response: templateSchema,
  },
  /** One shipped protocol with its exercises as the clinic's library holds them. */
  protocol: {
    method: 'GET',
    path: '/api/v1/program-protocols/:key/',
    access: 'programs.edit',
    audit: { read: 'program_template.read' },
    params: protocolParamsSchema,
    status: 200,
    response: protocolSchema,
  },
  /** A new template of the caller's, from exercises (a protocol's copied, or written by hand). */
  create: {
    method: 'POST',
    path: '/api/v1/program-templates/',
    access: 'programs.edit',
    audit: { change: 'program_template.create' },
    body: createTemplateBodySchema,
    status: 201,
    response: templateSchema,
  },
  /** A new template of the caller's with the patient's current program's exercises and dosage. */
  saveFromProgram: {
    method: 'POST',
    path: '/api/v1/patients/:id/program/template/',
    access: 'programs.edit',
    audit: { change: 'program_template.create' },
    params: idParamsSchema,
    body: saveProgramAsTemplateBodySchema,
    status: 201,
    response: templateSchema,
  },
  /** Renames a template, replaces its exercises, or changes who sees it. */
  update: {
    method: 'PATCH',
    path: '/api/v1/program-templates/:id/',
    access: 'programs.edit',
    audit: { change: 'program_template.update' },
    params: idParamsSchema,
    body: updateTemplateBodySchema,
    status: 200,
    response: templateSchema,
  },
  /** Retires a template, or brings a retired one back. */
  retire: {
    method: 'POST',
    path: '/api/v1/program-templates/:id/retire/',
    access: 'programs.edit',
    audit: { change: 'program_template.retire' },
    params: idParamsSchema,
    body: retireTemplateBodySchema,
    status: 200,
    response: templateSchema,
  },
  /**
   * Copies a template's or a protocol's exercises into the patient's program, after the exercises it holds, leaving
   * out videos already in it; the program and the template stay independent afterwards.
   */
  apply: {
    method: 'POST',
    path: '/api/v1/patients/:id/program/apply-template/',
    access: 'programs.edit',
    audit: { change: 'program_template.apply' },
    params: idParamsSchema,
    body: applyTemplateBodySchema,
    status: 200,
    response: applyTemplateResultSchema,
  },
});
