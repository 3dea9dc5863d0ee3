import { measureByDatatypeId, type PatientStatus } from '@rehabit/contract';
import type { HepItemRow } from '../hep/hep.repository.ts';
import type { FhirCallRow, FhirMeasureRow, FhirPatientRow, FhirReadingRow, FhirStaffRow } from './fhir.repository.ts';
import { chargeItemsOf, type FiledBillingRow } from './fhir-charges.ts';
import { readableTypes } from './fhir-ids.ts';

// Rehabit's record as FHIR R4 resources (decision 1425): pure functions, written once, used by the per-patient
// Bundle and by the read API alike.

/** A FHIR resource as JSON: its type, its id, and the elements the mapping gives it. */
export type FhirResource = { resourceType: string; id?: string } & Record<string, unknown>;

/** A day's home exercise: sessions asked for, done, and done in percent of those asked for (0-100). */
export type AdherenceDay = { date: string; assigned: number; done: number; engagement: number };

/** One patient's record as Rehabit holds it, read by the FHIR repository. */
export type PatientRecord = {
  patient: FhirPatientRow;
  program: HepItemRow[];
  readings: FhirReadingRow[];
  measures: FhirMeasureRow[];
  calls: FhirCallRow[];
  /** The patient's rows of the clinic's closed months, as filed. */
  charges: FiledBillingRow[];
  /** The days the program asked for exercise sessions, with how many were done. */
  adherence: AdherenceDay[];
  /** The staff the record names: the therapist, who logged a call, who rendered a billed code. */
  staff: FhirStaffRow[];
};

export const FHIR_VERSION = '4.0.1';
const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const NPI = 'http://hl7.org/fhir/sid/us-npi';
/** The United States' taxpayer identification numbers (the IRS's OID). */
const TIN = 'urn:oid:2.16.840.1.113883.4.4';
export const ICD10CM = 'http://hl7.org/fhir/sid/icd-10-cm';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const CONDITION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/condition-category';
const CONDITION_CLINICAL = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
/** Rehabit's own code systems, for what has no LOINC code it can name exactly (decision 1425). */
export const REHABIT_READING_CODES = 'urn:rehabit:fhir:health-reading';
export const REHABIT_MEASURE_CODES = 'urn:rehabit:fhir:outcome-measure';
const REHABIT_STAFF_ROLES = 'urn:rehabit:fhir:staff-role';
/** The system of a clinic's patient ids: the clinic's code names it. */
export const patientIdentifierSystem = (clinicCode: string) =>
  `urn:rehabit:clinic:${encodeURIComponent(clinicCode.toLowerCase())}:patient`;

/** LOINC codes Rehabit names for the readings a patient sends; a kind not here has Rehabit's own code only. */
const readingCodes: Record<string, { loinc?: { code: string; display: string }; category?: string; text: string }> = {
  painlevel: {
    loinc: { code: '72514-3', display: 'Pain severity - 0-10 verbal numeric rating [Score] - Reported' },
    category: 'survey',
    text: 'Pain rating (0-10)',
  },
  steps: {
    loinc: { code: '55423-8', display: 'Number of steps in unspecified time Pedometer' },
    category: 'activity',
    text: 'Steps',
  },
  heart_rate: { loinc: { code: '8867-4', display: 'Heart rate' }, category: 'vital-signs', text: 'Heart rate' },
  blood_pressure_systolic: {
    loinc: { code: '8480-6', display: 'Systolic blood pressure' },
    category: 'vital-signs',
    text: 'Systolic blood pressure',
  },
  blood_pressure_diastolic: {
    loinc: { code: '8462-4', display: 'Diastolic blood pressure' },
    category: 'vital-signs',
    text: 'Diastolic blood pressure',
  },
  blood_oxygen: {
    loinc: { code: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry' },
    category: 'vital-signs',
    text: 'Oxygen saturation',
  },
  // Measured by the patient at home with a meter: not a laboratory result.
  blood_glucose: {
    loinc: { code: '41653-7', display: 'Glucose [Mass/volume] in Capillary blood by Glucometer' },
    text: 'Blood glucose',
  },
  distance: { category: 'activity', text: 'Distance walked' },
};

/** Each reading's unit in UCUM. */
const readingUnits: Record<string, { unit: string; code: string }> = {
  steps: { unit: 'steps', code: '{steps}' },
  heart_rate: { unit: 'beats/minute', code: '/min' },
  blood_pressure_systolic: { unit: 'mmHg', code: 'mm[Hg]' },
  blood_pressure_diastolic: { unit: 'mmHg', code: 'mm[Hg]' },
  blood_oxygen: { unit: '%', code: '%' },
  blood_glucose: { unit: 'mg/dL', code: 'mg/dL' },
  distance: { unit: 'm', code: 'm' },
};

/** The outcome measures' units in UCUM where their scores have one. */
const measureUnits: Record<string, { unit: string; code: string }> = {
  rom: { unit: 'degrees', code: 'deg' },
  tug: { unit: 'seconds', code: 's' },
  quickdash: { unit: '%', code: '%' },
  odi: { unit: '%', code: '%' },
};

/** The measures that are questionnaires; the others (range of motion, Timed Up and Go) are an examination. */
const measuredByExam = new Set(['rom', 'tug']);

const IDENTIFIER_TYPE = 'http://terminology.hl7.org/CodeSystem/v2-0203';
const identifierType = (code: string, text: string) => ({ coding: [{ system: IDENTIFIER_TYPE, code }], text });
export const ref = (type: string, id: string) => ({ reference: `${type}/${id}` });
const category = (code: string) => [{ coding: [{ system: OBSERVATION_CATEGORY, code }] }];

/** The resources' ids: the patient's id, the clinic's and each row's, with the kind of row it comes from. */
export const fhirIds = {
  patient: (id: number) => String(id),
  organization: (clinicId: number) => `clinic-${clinicId}`,
  practitioner: (userId: number) => `staff-${userId}`,
  condition: (patientId: number) => `diagnosis-${patientId}`,
  carePlan: (patientId: number) => `program-${patientId}`,
  reading: (id: number) => `reading-${id}`,
  measure: (id: number) => `measure-${id}`,
  call: (id: number) => `call-${id}`,
  adherence: (patientId: number, date: string) => `adherence-${patientId}-${date}`,
  practitionerRole: (userId: number) => `role-${userId}`,
  /** A billed code of a patient, on its date of service: a patient's code is billed once a day at most. */
  charge: (patientId: number, code: string, dateOfService: string) => `charge-${patientId}-${code}-${dateOfService}`,
};

export function mapPatient(p: FhirPatientRow): FhirResource {
  const telecom: Record<string, unknown>[] = [];
  if (p.phone.trim()) telecom.push({ system: 'phone', value: `${p.dialCode} ${p.phone}`.trim(), use: 'mobile' });
  if (p.email?.trim()) telecom.push({ system: 'email', value: p.email.trim() });
  return {
    resourceType: 'Patient',
    id: fhirIds.patient(p.id),
    meta: { lastUpdated: p.updatedAt.toISOString() },
    identifier: [
      { use: 'usual', system: patientIdentifierSystem(p.clinic.code), value: String(p.id) },
      // The clinic's own numbers, typed but without a system: Rehabit does not know which EMR or payer issued them.
      ...(p.mrn ? [{ use: 'official', type: identifierType('MR', 'Medical record number'), value: p.mrn }] : []),
      ...(p.insuranceMemberId
        ? [{ use: 'secondary', type: identifierType('MB', 'Member number'), value: p.insuranceMemberId }]
        : []),
    ],
    name: [{ use: 'official', family: p.lastName, given: [p.firstName] }],
    ...(telecom.length > 0 && { telecom }),
    birthDate: p.birthday,
    // The language the patient's reminders are written in, the only one the record holds.
    ...(p.language && {
      communication: [{ language: { coding: [{ system: 'urn:ietf:bcp:47', code: p.language }] }, preferred: true }],
    }),
    ...(p.therapistId !== null && { generalPractitioner: [ref('Practitioner', fhirIds.practitioner(p.therapistId))] }),
    managingOrganization: ref('Organization', fhirIds.organization(p.clinic.id)),
  };
}

export function mapOrganization(clinic: FhirPatientRow['clinic']): FhirResource {
  const identifier: Record<string, unknown>[] = [];
  if (clinic.npi?.trim()) identifier.push({ system: NPI, value: clinic.npi.trim() });
  if (clinic.tin?.trim()) identifier.push({ system: TIN, value: clinic.tin.trim() });
  return {
    resourceType: 'Organization',
    id: fhirIds.organization(clinic.id),
    ...(identifier.length > 0 && { identifier }),
    active: true,
    name: clinic.name,
    ...(clinic.address?.trim() && { address: [{ text: clinic.address.trim() }] }),
  };
}

export function mapPractitioner(staff: FhirStaffRow): FhirResource {
  return {
    resourceType: 'Practitioner',
    id: fhirIds.practitioner(staff.id),
    ...(staff.npi?.trim() && { identifier: [{ system: NPI, value: staff.npi.trim() }] }),
    name: [{ family: staff.lastName, given: [staff.firstName] }],
  };
}

/** A staff member's role as the clinic records it; an assistant's is named so (it adds CQ to billed codes). */
const roleText = (staff: FhirStaffRow) =>
  staff.isAssistant ? 'Therapist assistant' : `${staff.role.charAt(0).toUpperCase()}${staff.role.slice(1)}`;

/** What the staff member does at the clinic, with the NPI they bill under there. */
export function mapPractitionerRole(staff: FhirStaffRow, clinicId: number): FhirResource {
  return {
    resourceType: 'PractitionerRole',
    id: fhirIds.practitionerRole(staff.id),
    ...(staff.npi?.trim() && { identifier: [{ system: NPI, value: staff.npi.trim() }] }),
    active: true,
    practitioner: ref('Practitioner', fhirIds.practitioner(staff.id)),
    organization: ref('Organization', fhirIds.organization(clinicId)),
    code: [
      {
        coding: [{ system: REHABIT_STAFF_ROLES, code: staff.isAssistant ? 'assistant' : staff.role }],
        text: roleText(staff),
      },
    ],
  };
}

/** The diagnosis: active while the patient is in care; after a discharge Rehabit does not know it resolved. */
export function mapCondition(p: FhirPatientRow): FhirResource | null {
  if (!p.diagnosis) return null;
  const clinical = p.status === 'discharged' ? 'inactive' : 'active';
  return {
    resourceType: 'Condition',
    id: fhirIds.condition(p.id),
    clinicalStatus: { coding: [{ system: CONDITION_CLINICAL, code: clinical }] },
    category: [{ coding: [{ system: CONDITION_CATEGORY, code: 'encounter-diagnosis' }] }],
    code: {
      coding: [
        { system: ICD10CM, code: p.diagnosis, ...(p.diagnosisDescription && { display: p.diagnosisDescription }) },
      ],
      ...(p.diagnosisDescription && { text: p.diagnosisDescription }),
    },
    subject: ref('Patient', fhirIds.patient(p.id)),
  };
}

/**
 * The care plan's status follows the patient's: registered is a draft, onboarded active, discharged completed. After
 * a discharge the exercises are stopped: whether each was done as planned is not something Rehabit knows.
 */
const carePlanStatus: Record<PatientStatus, { plan: string; activity: string }> = {
  registered: { plan: 'draft', activity: 'not-started' },
  onboarded: { plan: 'active', activity: 'in-progress' },
  discharged: { plan: 'completed', activity: 'stopped' },
  removed: { plan: 'revoked', activity: 'cancelled' },
};

/** An exercise's dosage in words: sets, repetitions, the hold, how often, and the therapist's notes. */
export function dosageOf(item: HepItemRow): string {
  const parts = [`${item.sets} sets of ${item.reps} repetitions`];
  if (item.holdSeconds > 0) parts.push(`hold ${item.holdSeconds} seconds`);
  parts.push(`${item.timesPerDay} ${item.timesPerDay === 1 ? 'time' : 'times'} a day`);
  parts.push(`${item.daysPerWeek} ${item.daysPerWeek === 1 ? 'day' : 'days'} a week`);
  const notes = item.description.trim();
  return `${parts.join(', ')}.${notes ? ` ${notes}` : ''}`;
}

export function mapCarePlan(p: FhirPatientRow, program: HepItemRow[]): FhirResource | null {
  if (program.length === 0) return null;
  const status = carePlanStatus[p.status];
  const start = p.episode?.startedAt ?? new Date(Math.min(...program.map((item) => item.createdAt.getTime())));
  const end = p.status === 'discharged' ? p.episode?.endedAt : null;
  return {
    resourceType: 'CarePlan',
    id: fhirIds.carePlan(p.id),
    status: status.plan,
    intent: 'plan',
    title: 'Home exercise program',
    subject: ref('Patient', fhirIds.patient(p.id)),
    period: { start: start.toISOString(), ...(end && { end: end.toISOString() }) },
    ...(p.diagnosis && { addresses: [ref('Condition', fhirIds.condition(p.id))] }),
    activity: program.map((item) => ({
      detail: {
        code: { text: item.videoTitle },
        status: status.activity,
        description: dosageOf(item),
        // Every day: how many times a day; otherwise how many days a week, the times a day said in the description.
        scheduledTiming: {
          repeat:
            item.daysPerWeek === 7
              ? { frequency: item.timesPerDay, period: 1, periodUnit: 'd' }
              : { frequency: item.daysPerWeek, period: 1, periodUnit: 'wk' },
        },
      },
    })),
  };
}

/** A reading the patient sent (a pain rating, steps, a heart rate, …): reported by the patient, at its time. */
export function mapReading(patientId: number, reading: FhirReadingRow): FhirResource {
  const known = readingCodes[reading.kind];
  const unit = readingUnits[reading.kind];
  const coding = [
    ...(known?.loinc ? [{ system: LOINC, ...known.loinc }] : []),
    { system: REHABIT_READING_CODES, code: reading.kind },
  ];
  const value =
    reading.kind === 'painlevel' && Number.isInteger(reading.value)
      ? { valueInteger: reading.value }
      : {
          valueQuantity: {
            value: reading.value,
            ...(unit && { unit: unit.unit, system: UCUM, code: unit.code }),
          },
        };
  return {
    resourceType: 'Observation',
    id: fhirIds.reading(reading.id),
    status: 'final',
    ...(known?.category && { category: category(known.category) }),
    code: { coding, text: known?.text ?? reading.kind },
    subject: ref('Patient', fhirIds.patient(patientId)),
    effectiveDateTime: reading.measuredAt.toISOString(),
    performer: [ref('Patient', fhirIds.patient(patientId))],
    ...value,
  };
}

/**
 * An outcome measure's total on its date. The Numeric Pain Rating Scale has the LOINC code of a 0-10 pain rating;
 * the other measures have Rehabit's own code only (decision 1425).
 */
export function mapMeasureResult(patientId: number, entry: FhirMeasureRow): FhirResource {
  const measure = measureByDatatypeId(entry.datatypeId);
  const key = measure?.key ?? `datatype-${entry.datatypeId}`;
  const nprs = readingCodes.painlevel!.loinc!;
  const unit = measureUnits[key];
  const text = measure && entry.name !== measure.name ? `${measure.name}: ${entry.name}` : entry.name;
  return {
    resourceType: 'Observation',
    id: fhirIds.measure(entry.id),
    status: 'final',
    category: category(measuredByExam.has(key) ? 'exam' : 'survey'),
    code: {
      coding: [
        ...(key === 'nprs' ? [{ system: LOINC, ...nprs }] : []),
        { system: REHABIT_MEASURE_CODES, code: key, ...(measure && { display: measure.name }) },
      ],
      text,
    },
    subject: ref('Patient', fhirIds.patient(patientId)),
    effectiveDateTime: entry.date,
    ...(entry.enteredBy === 'patient' && { performer: [ref('Patient', fhirIds.patient(patientId))] }),
    valueQuantity: {
      value: entry.score,
      unit: unit?.unit ?? entry.unit,
      ...(unit && { system: UCUM, code: unit.code }),
    },
  };
}

/**
 * A day's home exercise: the share of the sessions asked for that were done, as the progress screen counts it, with
 * both counts. Rehabit's own code (its `engagement`): no LOINC code says this.
 */
export function mapAdherence(patientId: number, day: AdherenceDay): FhirResource {
  const count = (code: string, text: string, value: number) => ({
    code: { coding: [{ system: REHABIT_READING_CODES, code }], text },
    valueInteger: value,
  });
  return {
    resourceType: 'Observation',
    id: fhirIds.adherence(patientId, day.date),
    status: 'final',
    category: category('activity'),
    code: {
      coding: [{ system: REHABIT_READING_CODES, code: 'engagement' }],
      text: 'Home exercise sessions done, in percent of those asked for',
    },
    subject: ref('Patient', fhirIds.patient(patientId)),
    effectiveDateTime: day.date,
    performer: [ref('Patient', fhirIds.patient(patientId))],
    valueQuantity: { value: day.engagement, unit: '%', system: UCUM, code: '%' },
    component: [
      count('exercise-sessions-done', 'Sessions done', day.done),
      count('exercise-sessions-assigned', 'Sessions asked for', day.assigned),
    ],
  };
}

/** A logged live call, by phone or as a video visit: a virtual encounter of its minutes from its start. */
export function mapCall(p: FhirPatientRow, call: FhirCallRow): FhirResource {
  const end = new Date(call.startedAt.getTime() + call.minutes * 60_000);
  return {
    resourceType: 'Encounter',
    id: fhirIds.call(call.id),
    status: 'finished',
    class: { system: ACT_CODE, code: 'VR', display: 'virtual' },
    type: [{ text: call.kind === 'video' ? 'Video visit' : 'Phone call' }],
    subject: ref('Patient', fhirIds.patient(p.id)),
    ...(call.staffId !== null && {
      participant: [{ individual: ref('Practitioner', fhirIds.practitioner(call.staffId)) }],
    }),
    period: { start: call.startedAt.toISOString(), end: end.toISOString() },
    length: { value: call.minutes, unit: 'min', system: UCUM, code: 'min' },
    serviceProvider: ref('Organization', fhirIds.organization(p.clinic.id)),
  };
}

/** The observations of the record: the readings the patient sent, the outcome-measure totals, the exercise days. */
export const observationsOf = (record: PatientRecord): FhirResource[] => [
  ...record.readings.map((reading) => mapReading(record.patient.id, reading)),
  ...record.measures.map((entry) => mapMeasureResult(record.patient.id, entry)),
  ...record.adherence.map((day) => mapAdherence(record.patient.id, day)),
];

/** Every resource of a patient's record, the patient first. */
export function resourcesOf(record: PatientRecord): FhirResource[] {
  const { patient } = record;
  return [
    mapPatient(patient),
    mapOrganization(patient.clinic),
    ...record.staff.map(mapPractitioner),
    ...record.staff.map((staff) => mapPractitionerRole(staff, patient.clinic.id)),
    mapCondition(patient),
    mapCarePlan(patient, record.program),
    ...observationsOf(record),
    ...record.calls.map((call) => mapCall(patient, call)),
    ...chargeItemsOf(patient.clinic.id, record.charges),
  ].filter((resource): resource is FhirResource => resource !== null);
}

/** How many resources of each type a list holds, for the audit. */
export function countsOf(resources: FhirResource[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const resource of resources) counts[resource.resourceType] = (counts[resource.resourceType] ?? 0) + 1;
  return counts;
}

/** A Bundle of resources, each with its URL on the read API as its `fullUrl`. */
export function bundleOf(
  resources: FhirResource[],
  options: { base: string; type: 'collection' } | { base: string; type: 'searchset'; self: string },
  now: Date,
): FhirResource {
  const search = options.type === 'searchset';
  return {
    resourceType: 'Bundle',
    type: options.type,
    timestamp: now.toISOString(),
    ...(search && { total: resources.length, link: [{ relation: 'self', url: options.self }] }),
    entry: resources.map((resource) => ({
      fullUrl: `${options.base}/${resource.resourceType}/${resource.id}`,
      resource,
      ...(search && { search: { mode: 'match' } }),
    })),
  };
}

/** The kinds of issue an error answers (FHIR's issue-type codes). */
export type IssueCode = 'invalid' | 'login' | 'forbidden' | 'not-found' | 'not-supported' | 'throttled' | 'exception';

export const operationOutcome = (code: IssueCode, diagnostics: string): FhirResource => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code, diagnostics }],
});

/** What the read API serves (decision 1425), at its base URL. */
export function capabilityStatement(base: string, date: Date): FhirResource {
  return {
    resourceType: 'CapabilityStatement',
    id: 'rehabit',
    status: 'active',
    date: date.toISOString(),
    publisher: 'Rehabit',
    kind: 'instance',
    software: { name: 'Rehabit' },
    implementation: { description: "Rehabit's read-only FHIR R4 API", url: base },
    fhirVersion: FHIR_VERSION,
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        security: {
          description:
            "A staff member's bearer token (Authorization: Bearer …); each answers only its clinic's patients.",
        },
        resource: readableTypes.map((type) => ({
          type,
          interaction: [{ code: 'read' }, ...(type === 'Observation' ? [{ code: 'search-type' }] : [])],
          ...(type === 'Patient' && {
            operation: [
              { name: 'everything', definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything' },
            ],
          }),
          ...(type === 'Observation' && {
            searchParam: [
              { name: 'patient', type: 'reference', documentation: 'Required: the patient whose observations' },
              { name: 'date', type: 'date', documentation: 'eq, ge, gt, le or lt; repeated for a range' },
            ],
          }),
        })),
      },
    ],
  };
}
