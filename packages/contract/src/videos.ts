import { z } from 'zod';
import { clinicCodeSchema, idParamsSchema, idSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { MAX_PAGE_SIZE, pageQuerySchema, paginated } from './pagination.ts';

/** The built-in video host's upload endpoint (tus 1.0) and its signed playback files. */
export const videoHostPaths = { tus: '/tus/', play: '/video-host/play/', captions: '/video-host/captions/' } as const;

/** Upload headers of decision 0200, sent on every tus request. */
export const videoUploadHeaders = {
  signature: 'AuthorizationSignature',
  expire: 'AuthorizationExpire',
  videoId: 'VideoId',
  libraryId: 'LibraryId',
} as const;

/** Video upload retry delays in milliseconds (decision 1311). */
export const VIDEO_UPLOAD_RETRY_DELAYS = [0, 3000, 5000, 10000, 20000, 60000, 60000] as const;

export const bodyParts = [
  'Neck',
  'Shoulder',
  'Elbow',
  'Wrist/Hand',
  'Upper Back',
  'Lower Back',
  'Core',
  'Hip',
  'Knee',
  'Ankle/Foot',
  'Full Body',
  'Other',
] as const;
export const purposes = [
  'Strength',
  'Stretching',
  'Range of Motion',
  'Balance',
  'Stability',
  'Mobility',
  'Endurance',
  'Other',
] as const;
export const positions = [
  'Supine',
  'Prone',
  'Side-lying',
  'Seated',
  'Standing',
  'Kneeling',
  'Quadruped',
  'Other',
] as const;
export const videoStatuses = ['uploading', 'processing', 'ready', 'failed'] as const;
export const videoScopes = ['mine', 'clinic', 'global'] as const;

export const bodyPartSchema = z.enum(bodyParts);
export const purposeSchema = z.enum(purposes);
export const positionSchema = z.enum(positions);
export const videoStatusSchema = z.enum(videoStatuses);
export type VideoStatus = z.infer<typeof videoStatusSchema>;
export const videoScopeSchema = z.enum(videoScopes);
export type VideoScope = z.infer<typeof videoScopeSchema>;

/** The languages a video's caption tracks are in: one track per language (decision 1405). */
export const captionLanguages = ['en', 'es'] as const;
export const captionLanguageSchema = z.enum(captionLanguages);
export type CaptionLanguage = z.infer<typeof captionLanguageSchema>;
/** A caption track as a player loads it: its language and a short-lived signed link to its WebVTT file. */
export const captionLinkSchema = z.object({ language: captionLanguageSchema, url: z.string() });
export type CaptionLink = z.infer<typeof captionLinkSchema>;

/** The fields of a new video before the therapist changes them (decision 1311). */
export const VIDEO_DEFAULTS = {
  title: 'Untitled Video',
  body_part: 'Other',
  purpose: 'Other',
  position: 'Other',
  position_title: 'Position: Supine to Standing',
  equipment: '-',
  reps: 1,
  sets: 1,
  unhealthy_body_part: '-',
  purpose_of_treatment: '-',
  description: '-',
  title_es: '',
  description_es: '',
} as const;

const text = (max: number) => z.string().trim().min(1, { error: 'Required' }).max(max);
/** A translation may be left empty: the patient then reads the English (decision 1231). */
const translation = (max: number) => z.string().trim().max(max);
const count = z.number().int().min(1, { error: 'At least 1' }).max(100, { error: 'At most 100' });

/** The editable fields; every one optional on create (defaults above) and on PATCH. */
export const videoFieldsSchema = z.object({
  title: text(120),
  body_part: bodyPartSchema,
  purpose: purposeSchema,
  position: positionSchema,
  position_title: text(120),
  equipment: text(120),
  reps: count,
  sets: count,
  unhealthy_body_part: text(120),
  purpose_of_treatment: text(240),
  description: text(2000),
  /** The title and instructions in Spanish, for patients who read Spanish; empty when not translated. */
  title_es: translation(120),
  description_es: translation(2000),
});
export type VideoFields = z.infer<typeof videoFieldsSchema>;
export const createVideoBodySchema = videoFieldsSchema.partial().extend({
  /** Size of the file to be uploaded, checked against the host's maximum before any byte is sent. */
  size: z.number().int().min(1).optional(),
});
export type CreateVideoBody = z.infer<typeof createVideoBodySchema>;
export const updateVideoBodySchema = videoFieldsSchema.partial();
export type UpdateVideoBody = z.infer<typeof updateVideoBodySchema>;

/** What the browser needs to upload the file to the video host (decision 0200). */
export const createVideoResponseSchema = z.object({
  id: z.number().int(),
  video_id: z.string(),
  library_id: z.string(),
  collection_id: z.string(),
  title: z.string(),
  signature: z.string(),
  expiration: z.number().int(),
  upload_url: z.string(),
});
export type CreateVideoResponse = z.infer<typeof createVideoResponseSchema>;

/** Answers are not re-validated against the input rules: a stored value that predates a rule still serialises. */
export const videoSchema = z.object({
  title: z.string(),
  body_part: bodyPartSchema,
  purpose: purposeSchema,
  position: positionSchema,
  position_title: z.string(),
  equipment: z.string(),
  reps: z.number().int(),
  sets: z.number().int(),
  unhealthy_body_part: z.string(),
  purpose_of_treatment: z.string(),
  description: z.string(),
  title_es: z.string(),
  description_es: z.string(),
  id: z.number().int(),
  video_id: z.string(),
  library: z.enum(['clinic', 'global']),
  owner: z.object({ id: z.number().int(), display_name: z.string() }).nullable(),
  status: videoStatusSchema,
  failure_reason: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  size_bytes: z.number().int().nullable(),
  /** Short-lived signed URLs; null until the file (or poster) exists. */
  play_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  /** The video's caption tracks, English first; empty when it has none or its file is not ready. */
  captions: z.array(captionLinkSchema),
  can_edit: z.boolean(),
  folder_ids: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Video = z.infer<typeof videoSchema>;
export const videoListSchema = paginated(videoSchema);
export type VideoList = z.infer<typeof videoListSchema>;

const optionalText = z.string().trim().max(100).optional();
export const videoListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  search: optionalText,
  body_part: bodyPartSchema.optional(),
  purpose: purposeSchema.optional(),
  position: positionSchema.optional(),
  equipment: optionalText,
  folder: z.optional(idSchema),
  scope: videoScopeSchema.optional(),
  status: videoStatusSchema.optional(),
  /** A patient's clinic: only what it may use, its own library and the global one (decision 1155). */
  clinic_code: z.optional(clinicCodeSchema),
});
export type VideoListQuery = z.infer<typeof videoListQuerySchema>;

const idList = (what: string) =>
  z
    .array(idSchema)
    .min(1, { error: `Choose at least one ${what}` })
    .max(MAX_PAGE_SIZE);
export const deleteVideosBodySchema = z.object({ videos: idList('video') });
export type DeleteVideosBody = z.infer<typeof deleteVideosBodySchema>;
export const deletedSchema = z.object({ deleted: z.array(z.number().int()) });

export const folderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_shared: z.boolean(),
  is_mine: z.boolean(),
  owner: z.object({ id: z.number().int(), display_name: z.string() }),
  video_count: z.number().int(),
  created_at: z.string(),
});
export type Folder = z.infer<typeof folderSchema>;
export const folderListSchema = paginated(folderSchema);
export const folderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  /** mine: folders I own; shared: colleagues' folders shared with the clinic; all by default. */
  owner: z.enum(['mine', 'shared']).optional(),
  /** A patient's clinic: only its folders (decision 1155). */
  clinic_code: z.optional(clinicCodeSchema),
});
export type FolderListQuery = z.infer<typeof folderListQuerySchema>;
export const folderNameBodySchema = z.object({ name: text(80) });
export type FolderNameBody = z.infer<typeof folderNameBodySchema>;
export const folderContentsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
});
export const folderIdsParamsSchema = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, { error: 'Give folder ids separated by commas' })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive()).max(MAX_PAGE_SIZE)),
});
export const bulkAddBodySchema = z.object({ video_ids: idList('video'), libraryfolder_ids: idList('folder') });
export type BulkAddBody = z.infer<typeof bulkAddBodySchema>;
export const removeFromFolderBodySchema = z.object({ libraryfolder_id: idSchema, video_ids: idList('video') });
export const shareFoldersBodySchema = z.object({ libraryfolder_ids: idList('folder'), is_shared: z.boolean() });
export type ShareFoldersBody = z.infer<typeof shareFoldersBodySchema>;
export const folderResultsSchema = z.object({ results: z.array(folderSchema) });

export const hepRequestBodySchema = z.object({ request_content: text(2000) });
/** The clinic a request is filed under, a patient's (decision 1155); the caller's own without it. */
export const hepRequestQuerySchema = z.object({ clinic_code: z.optional(clinicCodeSchema) });
export type HepRequestBody = z.infer<typeof hepRequestBodySchema>;

/** Open until the content team answers it, or declines it (decision 1030). */
export const hepRequestStatuses = ['open', 'answered', 'declined'] as const;
export type HepRequestStatus = (typeof hepRequestStatuses)[number];

export const hepRequestSchema = z.object({
  id: z.number().int(),
  request_content: z.string(),
  requested_by: z.object({ id: z.number().int(), display_name: z.string() }),
  clinic_code: z.string(),
  created_at: z.string(),
  status: z.enum(hepRequestStatuses),
  /** The content team's words to the requester; null while open. */
  answer: z.string().nullable(),
  answered_by: z.object({ id: z.number().int(), display_name: z.string() }).nullable(),
  answered_at: z.string().nullable(),
  /** The global-library video that answers the request, if one does (and still exists). */
  answer_video: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type HepRequest = z.infer<typeof hepRequestSchema>;
export const hepRequestListSchema = paginated(hepRequestSchema);

/** The queue's order: the oldest first by default, so the longest wait is answered first (decision 1030). */
export const hepRequestOrders = ['oldest', 'newest'] as const;
export const hepRequestQueueQuerySchema = z.object({
  ...pageQuerySchema.shape,
  status: z.enum(hepRequestStatuses).optional(),
  order: z.enum(hepRequestOrders).default('oldest'),
});
export type HepRequestQueueQuery = z.infer<typeof hepRequestQueueQuerySchema>;

/** An answer: words for the requester, and optionally the global video that answers; or a decline, with words. */
export const answerHepRequestBodySchema = z
  .object({
    answer: text(2000),
    video_id: z.nullable(idSchema).optional(),
    is_declined: z.boolean().default(false),
  })
  .refine((body) => !(body.is_declined && body.video_id), {
    error: 'A declined request names no video',
    path: ['video_id'],
  });
export type AnswerHepRequestBody = z.input<typeof answerHepRequestBodySchema>;

export const videoEndpoints = defineEndpoints('videos', {
  /** The videos the caller may see (own, clinic and global), filtered and paginated. */
  list: {
    method: 'GET',
    path: '/video/list',
    access: 'videos.manage',
    query: videoListQuerySchema,
    status: 200,
    response: videoListSchema,
  },
  /** A new video record with the credentials to upload its file to the video host. */
  create: {
    method: 'POST',
    path: '/video/create_by_therapist',
    access: 'videos.manage',
    body: createVideoBodySchema,
    status: 201,
    response: createVideoResponseSchema,
  },
  /** Deletes videos the caller may edit, files included; programs that used them are released from them. */
  remove: {
    method: 'DELETE',
    path: '/video/delete',
    access: 'videos.manage',
    body: deleteVideosBodySchema,
    status: 200,
    response: deletedSchema,
  },
  /** The caller's folders and those colleagues shared with the clinic. */
  folders: {
    method: 'GET',
    path: '/video/library',
    access: 'videos.manage',
    query: folderListQuerySchema,
    status: 200,
    response: folderListSchema,
  },
  /** A new, empty folder of the caller's. */
  createFolder: {
    method: 'POST',
    path: '/video/library',
    access: 'videos.manage',
    body: folderNameBodySchema,
    status: 201,
    response: folderSchema,
  },
  /** Files videos in folders. */
  addToFolders: {
    method: 'POST',
    path: '/video/library/bulk',
    access: 'videos.manage',
    body: bulkAddBodySchema,
    status: 200,
    response: folderResultsSchema,
  },
  /** Shares folders with the clinic, or stops sharing them. */
  shareFolders: {
    method: 'POST',
    path: '/video/library/share',
    access: 'videos.manage',
    body: shareFoldersBodySchema,
    status: 200,
    response: folderResultsSchema,
  },
  /** Takes videos out of a folder (the videos stay in the library). */
  removeFromFolder: {
    method: 'DELETE',
    path: '/video/library/delete',
    access: 'videos.manage',
    body: removeFromFolderBodySchema,
    status: 200,
    response: folderSchema,
  },
  /** The videos of one folder, paginated. */
  folderContents: {
    method: 'GET',
    path: '/video/library/:id',
    access: 'videos.manage',
    params: idParamsSchema,
    query: folderContentsQuerySchema,
    status: 200,
    response: videoListSchema,
  },
  /** Renames a folder of the caller's. */
  renameFolder: {
    method: 'PATCH',
    path: '/video/library/:id',
    access: 'videos.manage',
    params: idParamsSchema,
    body: folderNameBodySchema,
    status: 200,
    response: folderSchema,
  },
  /** Deletes folders (ids separated by commas); their videos stay in the library. */
  deleteFolders: {
    method: 'DELETE',
    path: '/video/library/:ids',
    access: 'videos.manage',
    params: folderIdsParamsSchema,
    status: 200,
    response: deletedSchema,
  },
  /** Asks the content team for an exercise video the library lacks. */
  requestVideo: {
    method: 'POST',
    path: '/video/hep_request/create',
    access: 'videos.manage',
    query: hepRequestQuerySchema,
    body: hepRequestBodySchema,
    status: 201,
    response: hepRequestSchema,
  },
  /** The content team's queue of requested videos, every clinic's, of one status or all, oldest or newest first. */
  hepRequests: {
    method: 'GET',
    path: '/video/hep_request',
    access: 'library.manage',
    query: hepRequestQueueQuerySchema,
    status: 200,
    response: hepRequestListSchema,
  },
  /** The caller's own requests with their answers, newest first. */
  myHepRequests: {
    method: 'GET',
    path: '/video/hep_request/mine',
    access: 'videos.manage',
    query: pageQuerySchema,
    status: 200,
    response: hepRequestListSchema,
  },
  /** Answers (or declines) an open request once; the requester gets a task. Answering again is a conflict. */
  answerHepRequest: {
    method: 'POST',
    path: '/video/hep_request/:id/answer',
    access: 'library.manage',
    params: idParamsSchema,
    body: answerHepRequestBodySchema,
    status: 200,
    response: hepRequestSchema,
    audit: { change: 'hep_request.answer' },
  },
  /** One video, with short-lived signed URLs for its file and poster. */
  detail: {
    method: 'GET',
    path: '/video/:id',
    access: 'videos.manage',
    params: idParamsSchema,
    status: 200,
    response: videoSchema,
  },
  /** Edits a video's fields. */
  update: {
    method: 'PATCH',
    path: '/video/:id',
    access: 'videos.manage',
    params: idParamsSchema,
    body: updateVideoBodySchema,
    status: 200,
    response: videoSchema,
  },
});
