import { z } from 'zod';
import {
  clinicCodeSchema,
  clinicRefSchema,
  emailSchema,
  idParamsSchema,
  idSchema,
  nameSchema,
  passwordSchema,
} from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { paginated } from './pagination.ts';
import {
  billableListFilters,
  callListFilters,
  chatListFilters,
  dataListFilters,
  patientContactStatusSchema,
} from './patient-status.ts';
import { can } from './permissions.ts';
import type { Role } from './roles.ts';
import { rtmListFilters, rtmStatusSchema } from './rtm-status.ts';

export const patientStatuses = ['registered', 'onboarded', 'discharged', 'removed'] as const;
export const patientStatusSchema = z.enum(patientStatuses);
/**
 * The patients in care, being treated: reminded (decisions 1350, 1370) and reachable by a video visit (decision 1375);
 * a discharged or removed patient is not.
 */
export const inCareStatuses = ['registered', 'onboarded'] as const;
export const isInCare = (status: PatientStatus) => (inCareStatuses as readonly PatientStatus[]).includes(status);
export type PatientStatus = z.infer<typeof patientStatusSchema>;
export const patientStatusLabels: Record<PatientStatus, string> = {
  registered: 'Registered',
  onboarded: 'Onboarded',
  discharged: 'Discharged',
  removed: 'Removed',
};

export const consentMethods = ['verbal', 'written', 'electronic'] as const;
/** Who registered the patient: the clinic's staff, or the patient from the clinic's QR code. */
export const patientSources = ['staff', 'qr'] as const;
export const consentMethodSchema = z.enum(consentMethods);

/** A calendar date as `YYYY-MM-DD`, checked to exist (no 2025-02-30). */
export const isoDateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use the format YYYY-MM-DD' })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'This date does not exist');

const today = () => new Date().toISOString().slice(0, 10);

export const birthdaySchema = isoDateSchema.refine(
  (value) => value <= today() && value >= `${new Date().getUTCFullYear() - 130}-01-01`,
  { error: 'Enter a birthday in the past 130 years' },
);

/** International calling code chosen beside the phone field (`selected_code`), e.g. `+1`. */
export const dialCodeSchema = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/, { error: 'Choose a country calling code such as +1' })
  .transform((value) => (value.startsWith('+') ? value : `+${value}`));

/** Phone digits as typed (spaces, dashes, dots and brackets allowed); 6 to 14 digits. */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^[\d\s().-]{6,24}$/, { error: 'Enter a phone number with digits only' })
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(
    z.string().min(6, { error: 'The phone number is too short' }).max(14, { error: 'The phone number is too long' }),
  );

export const icd10CodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(/^[A-Z][0-9][0-9A-Z](\.?[0-9A-Z]{1,4})?$/, { error: 'Choose an ICD-10 code from the list' }))
  .transform((code) => (code.length > 3 && !code.includes('.') ? `${code.slice(0, 3)}.${code.slice(3)}` : code));

/**
 * A patient's number in another system, for claims (decision 1435): trimmed, at most 40 letters, digits and dashes
 * (not first); empty (or null) for none.
 */
const claimIdSchema = (what: string) =>
  z
    .string()
    .trim()
    .max(40, { error: `${what} is at most 40 characters` })
    // A leading dash would read as a formula in a spreadsheet, and no record number starts with one.
    .regex(/^([A-Za-z0-9][A-Za-z0-9-]*)?$/, {
      error: `${what} takes letters, digits and dashes only, starting with a letter or digit`,
    })
    .transform((value) => value || null)
    .nullish();

const optionalEmail = z.union([z.literal('').transform(() => undefined), emailSchema]).optional();

export const therapistRefSchema = z.object({ id: z.number().int(), display_name: z.string() });

export const patientSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
  phone: z.string(),
  selected_code: z.string(),
  birthday: z.string(),
  email: z.string().nullable(),
  diagnosis: z.string().nullable(),
  diagnosis_description: z.string().nullable(),
  /** The patient's medical record number in the clinic's EMR (decision 1435). */
  mrn: z.string().nullable(),
  /** The payer's member id, e.g. Medicare's MBI (decision 1435). */
  insurance_member_id: z.string().nullable(),
  therapist: therapistRefSchema.nullable(),
  status: patientStatusSchema,
  is_rtm_covered: z.boolean(),
  consent_date: z.string().nullable(),
  consent_method: consentMethodSchema.nullable(),
  episode_started_at: z.string().nullable(),
  source: z.enum(patientSources),
  created_at: z.string(),
  /** The patient's clinic: whose therapists may treat them, and which clinic an admin's list row names (decision 1150). */
  clinic: clinicRefSchema,
});
export type Patient = z.infer<typeof patientSchema>;
/** One patient as the dashboard's header reads it: with the call status and chat freshness (decision 0901). */
export const patientDetailSchema = patientSchema.extend(patientContactStatusSchema.shape);
export type PatientDetail = z.infer<typeof patientDetailSchema>;
/**
 * Patient lists count and page through at most PATIENT_LIST_CAP patients; `count_capped` says there are more,
 * to be found by searching.
 */
export const PATIENT_LIST_CAP = 1000;
/** A listed patient with the RTM status today: null without an episode this month (decision 0803). */
export const patientListItemSchema = patientSchema.extend({
  rtm: rtmStatusSchema.nullable(),
  /** Call status and chat freshness today, for onboarded patients (decision 0901). */
  ...patientContactStatusSchema.shape,
});
export type PatientListItem = z.infer<typeof patientListItemSchema>;
export const patientListSchema = z.object({ ...paginated(patientListItemSchema).shape, count_capped: z.boolean() });

/** Removed patients are kept for audit and billing history, never listed. */
export const listedPatientStatuses = ['registered', 'onboarded', 'discharged'] as const;
export const listedPatientStatusSchema = z.enum(listedPatientStatuses);
export type ListedPatientStatus = z.infer<typeof listedPatientStatusSchema>;

export const patientListQuerySchema = z.object({
  /** One clinic's patients: an admin's choice of clinic; anyone else may name only their own (decision 1150). */
  clinic_code: z.optional(clinicCodeSchema),
  search: z.string().trim().max(100).optional(),
  status: listedPatientStatusSchema.optional(),
  therapist_id: z.optional(idSchema),
  /** `close`: only patients close to an RTM threshold this month (decision 0803); `ready`: ready to bill. */
  rtm: z.enum(rtmListFilters).optional(),
  /** `yes`: patients covered for RTM with consent on file; `no`: the others, who bill nothing (decision 1240). */
  billable: z.enum(billableListFilters).optional(),
  /** `needed`: onboarded patients who can bill RTM without a live call this month (decisions 0901, 1240). */
  call: z.enum(callListFilters).optional(),
  /** `outdated`: onboarded patients without a message for 30 days (CHAT_OUTDATED, decision 0901). */
  chat: z.enum(chatListFilters).optional(),
  /** `quiet`: onboarded patients without a data day for NO_DATA_DAYS (decision 0903). */
  data: z.enum(dataListFilters).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type PatientListQuery = z.infer<typeof patientListQuerySchema>;

const patientFields = {
  first_name: nameSchema,
  last_name: nameSchema,
  phone: phoneSchema,
  selected_code: dialCodeSchema.default('+1'),
  birthday: birthdaySchema,
  email: optionalEmail,
  diagnosis: icd10CodeSchema.optional(),
  mrn: claimIdSchema('The MRN'),
  insurance_member_id: claimIdSchema('The member ID'),
  is_rtm_covered: z.boolean().default(false),
  consent_date: isoDateSchema.optional(),
  consent_method: consentMethodSchema.optional(),
};

/** Staff registration (and the full update of the same fields). */
export const registerPatientBodySchema = z
  .object(patientFields)
  .refine((body) => Boolean(body.consent_date) === Boolean(body.consent_method), {
    error: 'Give both the consent date and how consent was given',
    path: ['consent_method'],
  });
export type RegisterPatientBody = z.infer<typeof registerPatientBodySchema>;
/**
 * The clinic a staff registration is for, by its code (decision 1152): an admin's choice of clinic; anyone else may
 * name only their own. Without it, the caller's own clinic. In the address, as every choice of clinic is: the clinic
 * is never taken from a body.
 */
export const registerPatientQuerySchema = z.object({ clinic_code: z.optional(clinicCodeSchema) });
/** Editing a patient sends the same fields as registering one. */
export type UpdatePatientBody = RegisterPatientBody;

/** Self-registration from the clinic's QR code, after the phone was verified by OTP. */
export const qrRegistrationBodySchema = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  phone: phoneSchema,
  selected_code: dialCodeSchema.default('+1'),
  birthday: birthdaySchema,
  email: optionalEmail,
  password: z.optional(passwordSchema),
  clinic_code: clinicCodeSchema,
  verification_token: z.string().trim().min(20).max(200),
});
export type QrRegistrationBody = z.infer<typeof qrRegistrationBodySchema>;
export const qrRegistrationResponseSchema = z.object({ id: z.number().int(), detail: z.string() });

export const patientIdsBodySchema = z.object({
  patient_ids: z.array(idSchema).min(1, { error: 'Choose at least one patient' }).max(100),
});
export type PatientIdsBody = z.infer<typeof patientIdsBodySchema>;
export const patientResultsSchema = z.object({ results: z.array(patientSchema) });

export const onboardBodySchema = z.object({ diagnosis: icd10CodeSchema, therapist: idSchema });
export type OnboardBody = z.infer<typeof onboardBodySchema>;
export const changeTherapistBodySchema = z.object({ therapist_id: idSchema });
export const rtmCoverageBodySchema = z.object({ is_rtm_covered: z.boolean() });

export const interactionKinds = ['phone', 'video'] as const;
export const interactionLogSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  notes: z.string(),
  kind: z.enum(interactionKinds),
  minutes: z.number().int(),
  /** When the call began (decision 1280); calls logged before start times were asked begin at noon of their day. */
  started_at: z.string(),
  created_by: therapistRefSchema.nullable(),
  created_at: z.string(),
});
export type InteractionLog = z.infer<typeof interactionLogSchema>;
export const interactionLogListSchema = paginated(interactionLogSchema);

/**
 * How many days back a call may be logged (decision 1282): a call of today or of the 7 days before it. An older call
 * changes a month that may be billed already, so it is a correction for the clinic's supervisor.
 */
export const CALL_CORRECTION_DAYS = 7;
/** How far back the supervisor's correction reaches: a year, about as long as a claim for the call can be filed. */
export const CALL_SUPERVISOR_CORRECTION_DAYS = 365;
/** How many days back a staff member of this role may log a call. */
export const callDaysBackOf = (role: Role): number =>
  can(role, 'calls.correct') ? CALL_SUPERVISOR_CORRECTION_DAYS : CALL_CORRECTION_DAYS;

/**
 * A call is dated (`date`) and timed (`start_time`) on the clinic's calendar and clocks (decision 1280): the day and
 * the clock time together name its start, so the two cannot disagree. Whether the day is today or within the
 * correction window, and whether the call fits the clinician's clock, is the server's to say: it knows the clinic's
 * today.
 */
export const logInteractionBodySchema = z.object({
  date: isoDateSchema,
  start_time: z
    .string({ error: 'Enter the time the call started' })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Enter the start time as HH:MM on the 24-hour clock, e.g. 14:30' }),
  notes: z.string().trim().max(2000).default(''),
  kind: z.enum(interactionKinds).default('phone'),
  /** A live call lasts at least a minute: a call of no length would satisfy billing's live-call rule (decision 1130). */
  minutes: z.coerce
    .number({ error: 'Enter how many minutes the call lasted' })
    .int({ error: 'Enter whole minutes' })
    .min(1, { error: 'A call lasts at least 1 minute' })
    .max(240, { error: 'A call lasts at most 240 minutes' }),
});
export type LogInteractionBody = z.infer<typeof logInteractionBodySchema>;
export const deleteInteractionBodySchema = z.object({ log: idSchema });
/** What was discussed on a video visit, written on the entry the visit logged without one (decision 1385). */
export const interactionNoteBodySchema = z.object({
  log: idSchema,
  notes: z.string().trim().min(1, { error: 'Enter what was discussed' }).max(2000),
});
export const interactionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});

export const icd10QuerySchema = z.object({
  search: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export const icd10CodeItemSchema = z.object({ code: z.string(), description: z.string() });
export type Icd10Code = z.infer<typeof icd10CodeItemSchema>;
export const icd10ListSchema = paginated(icd10CodeItemSchema);

export const patientEndpoints = defineEndpoints('patients', {
  /** The clinic's patients, filtered and paged (removed patients never listed). */
  list: {
    method: 'GET',
    path: '/api/v1/patients/',
    access: 'patients.read',
    audit: { read: 'patient.list' },
    query: patientListQuerySchema,
    status: 200,
    response: patientListSchema,
  },
  /** One patient of the caller's clinic. */
  detail: {
    method: 'GET',
    path: '/api/v1/patients/:id/',
    access: 'patients.read',
    audit: { read: 'patient.read' },
    params: idParamsSchema,
    status: 200,
    response: patientDetailSchema,
  },
  /** Registers a patient on the staff's side, in the caller's clinic or the one `clinic_code` names. */
  register: {
    method: 'POST',
    path: '/clinic/patient/register',
    access: 'patients.manage',
    audit: { change: 'patient.register' },
    query: registerPatientQuerySchema,
    body: registerPatientBodySchema,
    status: 201,
    response: patientSchema,
  },
  /** Replaces a patient's details. */
  update: {
    method: 'PUT',
    path: '/clinic/patient/:id/update',
    access: 'patients.manage',
    audit: { change: 'patient.update' },
    params: idParamsSchema,
    body: registerPatientBodySchema,
    status: 200,
    response: patientSchema,
  },
  /** Onboards a registered patient with a diagnosis and a treating therapist, opening an RTM episode. */
  onboard: {
    method: 'POST',
    path: '/api/v1/patients/:id/onboard/',
    access: 'patients.manage',
    audit: { change: 'patient.onboard' },
    params: idParamsSchema,
    body: onboardBodySchema,
    status: 200,
    response: patientSchema,
  },
  /** Discharges onboarded patients, all or none. */
  discharge: {
    method: 'PATCH',
    path: '/clinic/therapist/patient/discharged',
    access: 'patients.manage',
    audit: { change: 'patient.discharge' },
    body: patientIdsBodySchema,
    status: 200,
    response: patientResultsSchema,
  },
  /** Onboards discharged patients again with their diagnosis and therapist, all or none. */
  reOnboard: {
    method: 'PATCH',
    path: '/clinic/patient/re_onboard',
    access: 'patients.manage',
    audit: { change: 'patient.re_onboard' },
    body: patientIdsBodySchema,
    status: 200,
    response: patientResultsSchema,
  },
  /** Removes a patient (kept for audit and billing history) and ends the patient's sign-in. */
  remove: {
    method: 'POST',
    path: '/api/v1/patients/:id/remove/',
    access: 'patients.remove',
    audit: { change: 'patient.remove' },
    params: idParamsSchema,
    status: 200,
    response: patientSchema,
  },
  /** Hands a patient, and the open RTM episode, to another therapist of the clinic. */
  changeTherapist: {
    method: 'PATCH',
    path: '/api/v1/patients/:id/change-therapist/',
    access: 'patients.manage',
    audit: { change: 'patient.change_therapist' },
    params: idParamsSchema,
    body: changeTherapistBodySchema,
    status: 200,
    response: patientSchema,
  },
  /** Whether a patient is covered for RTM. */
  rtmCoverage: {
    method: 'PATCH',
    path: '/clinic/patient/:id/update-rtm-coverage',
    access: 'patients.manage',
    audit: { change: 'patient.update_rtm_coverage' },
    params: idParamsSchema,
    body: rtmCoverageBodySchema,
    status: 200,
    response: patientSchema,
  },
  /** A patient's logged calls, newest first, paged. */
  interactions: {
    method: 'GET',
    path: '/api/v1/patients/:id/log_interaction/',
    access: 'patients.read',
    audit: { read: 'interaction.list' },
    params: idParamsSchema,
    query: interactionListQuerySchema,
    status: 200,
    response: interactionLogListSchema,
  },
  /** Logs a call with a patient. */
  logInteraction: {
    method: 'POST',
    path: '/api/v1/patients/:id/log_interaction/',
    access: 'programs.edit',
    audit: { change: 'interaction.create' },
    params: idParamsSchema,
    body: logInteractionBodySchema,
    status: 201,
    response: interactionLogSchema,
  },
  /** Deletes a logged call: it is kept for the audit trail but no longer counts or shows. */
  deleteInteraction: {
    method: 'POST',
    path: '/api/v1/patients/:id/log_interaction/delete/',
    access: 'programs.edit',
    audit: { change: 'interaction.delete' },
    params: idParamsSchema,
    body: deleteInteractionBodySchema,
    status: 204,
    response: z.null(),
  },
  /** Writes the note of a video visit's log entry (a visit logs itself without one). */
  interactionNote: {
    method: 'POST',
    path: '/api/v1/patients/:id/log_interaction/note/',
    access: 'programs.edit',
    audit: { change: 'interaction.update_note' },
    params: idParamsSchema,
    body: interactionNoteBodySchema,
    status: 200,
    response: interactionLogSchema,
  },
  /** Searches the ICD-10 codes, for choosing a diagnosis. */
  icd10: {
    method: 'GET',
    path: '/api/v1/icd10_codes/',
    access: 'signed-in',
    query: icd10QuerySchema,
    status: 200,
    response: icd10ListSchema,
  },
  /** A patient's own registration from the clinic's QR code, after the phone was verified. */
  qrRegistration: {
    method: 'POST',
    path: '/clinic/patient/qr-registration',
    access: 'public',
    audit: { change: 'patient.qr_register' },
    body: qrRegistrationBodySchema,
    status: 201,
    response: qrRegistrationResponseSchema,
  },
});
