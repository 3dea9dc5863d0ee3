import { type AuditAction, FHIR_BASE_PATH, type FileAnswer } from '@rehabit/contract';
import { narrowTo } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, patientAudit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Caller } from '../data-access.ts';
import { patientScope, requirePatient } from '../patients/patient-access.ts';
import { targetOf } from './fhir-ids.ts';
import {
  bundleOf,
  capabilityStatement,
  countsOf,
  type FhirResource,
  mapOrganization,
  mapPatient,
  mapPractitioner,
  mapPractitionerRole,
  observationsOf,
  resourcesOf,
} from './fhir-mapping.ts';
import { readPatientRecord } from './fhir-record.ts';
import { type DateCondition, meetsDates, parseDateCondition, patientIdOf } from './fhir-search.ts';

type Deps = { clock: Clock; audit: AuditLog; publicUrl: string };

/** A query string as Fastify parses it: a parameter given twice is a list. */
export type SearchQuery = Record<string, string | string[] | undefined>;

/** The parameters the Observation search takes; any other is refused rather than silently ignored. */
const observationSearchParameters = new Set(['patient', 'subject', 'date', '_format']);

const invalidSearch = (detail: string) => new AppError('validation_failed', detail);

/** The patient and the date conditions of an Observation search, or a 400 naming what is wrong. */
function observationSearch(query: SearchQuery): { patientId: number; dates: DateCondition[] } {
  const unknown = Object.keys(query).filter((name) => !observationSearchParameters.has(name));
  if (unknown.length > 0) throw invalidSearch(`Unsupported search parameter: ${unknown.join(', ')}`);
  const all = (name: string) => [query[name] ?? []].flat();
  const patients = [...all('patient'), ...all('subject')];
  if (patients.length !== 1) throw invalidSearch('Name exactly one patient: patient=<id>');
  const patientId = patientIdOf(patients[0]!);
  if (patientId === null) throw invalidSearch(`patient "${patients[0]}" is not a patient's id`);
  const dates = all('date').map((raw) => {
    const condition = parseDateCondition(raw);
    if (typeof condition === 'string') throw invalidSearch(condition);
    return condition;
  });
  return { patientId, dates };
}

/**
 * The patient's record as FHIR R4 (decision 1425): the per-patient Bundle and the read API, both from the one mapping,
 * each call about a patient audited with how many resources of each type it answered, never their content.
 */
export function createFhirService({ clock, audit, publicUrl }: Deps) {
  const { success: record } = patientAudit(audit);
  const base = `${publicUrl.replace(/\/+$/, '')}${FHIR_BASE_PATH}`;

  /**
   * The staff member's patient (another clinic's is not found, the attempt audited) and their whole record; a read
   * that shows no ChargeItem passes `withoutCharges`, sparing the closed months' filed figures.
   */
  async function recordOf(
    actor: Caller,
    patientId: number,
    action: AuditAction,
    ctx: RequestContext,
    { withoutCharges = false } = {},
  ) {
    const reached = await requirePatient(audit, actor, patientId, action, ctx);
    const full = await readPatientRecord(
      actor.data.within(patientScope(reached)),
      reached.id,
      clock.now(),
      withoutCharges ? { charges: [] } : {},
    );
    if (!full) throw notFound('patient');
    return { reached, record: full };
  }

  const audited = async (
    actor: Caller,
    action: AuditAction,
    reached: { id: number; clinicId: number },
    ctx: RequestContext,
    interaction: string | null,
    resources: FhirResource[],
  ) => record(actor, action, reached, ctx, { ...(interaction && { interaction }), resources: countsOf(resources) });

  return {
    /** Where the read API answers, for the `fullUrl`s and links. */
    base,

    /** The whole record as a `collection` Bundle, the file named by the patient's id alone. */
    async bundle(actor: Caller, patientId: number, ctx: RequestContext): Promise<FileAnswer> {
      const { reached, record: full } = await recordOf(actor, patientId, 'fhir.export', ctx);
      const resources = resourcesOf(full);
      const bundle = bundleOf(resources, { base, type: 'collection' }, clock.now());
      await audited(actor, 'fhir.export', reached, ctx, null, resources);
      return { filename: `fhir-record-${reached.id}.json`, content: JSON.stringify(bundle) };
    },

    /** `GET Patient/:id`: the patient resource alone. */
    async readPatient(actor: Caller, patientId: number, ctx: RequestContext): Promise<FhirResource> {
      const reached = await requirePatient(audit, actor, patientId, 'fhir.read', ctx);
      const patient = await actor.data.within(patientScope(reached)).fhir.patient(reached.id);
      if (!patient) throw notFound('patient');
      const resource = mapPatient(patient);
      await audited(actor, 'fhir.read', reached, ctx, 'read', [resource]);
      return resource;
    },

    /** `GET Patient/:id/$everything`: the whole record as a `searchset` Bundle. */
    async everything(actor: Caller, patientId: number, ctx: RequestContext): Promise<FhirResource> {
      const { reached, record: full } = await recordOf(actor, patientId, 'fhir.read', ctx);
      const resources = resourcesOf(full);
      const self = `${base}/Patient/${reached.id}/$everything`;
      await audited(actor, 'fhir.read', reached, ctx, 'everything', resources);
      return bundleOf(resources, { base, type: 'searchset', self }, clock.now());
    },

    /** `GET Observation?patient=…&date=…`: the patient's observations within the dates, as a `searchset` Bundle. */
    async searchObservations(
      actor: Caller,
      query: SearchQuery,
      self: string,
      ctx: RequestContext,
    ): Promise<FhirResource> {
      const { patientId, dates } = observationSearch(query);
      const { reached, record: full } = await recordOf(actor, patientId, 'fhir.read', ctx, { withoutCharges: true });
      const resources = observationsOf(full).filter((resource) => meetsDates(resource, dates));
      await audited(actor, 'fhir.read', reached, ctx, 'search-type', resources);
      return bundleOf(resources, { base, type: 'searchset', self: `${base}/${self}` }, clock.now());
    },

    /**
     * `GET <type>/<id>`: one resource of the mapping. A patient's (their diagnosis, program, a reading, a call, a
     * charge) is read through the patient, audited like the rest of their record; the clinic and its staff are not
     * patient data.
     */
    async read(actor: Caller, type: string, id: string, ctx: RequestContext): Promise<FhirResource> {
      const target = targetOf(type, id);
      const missing = () => new AppError('not_found', `No ${type} ${id}`);
      if (!target) throw missing();
      if (target.of === 'clinic') {
        const scope = narrowTo(actor.data.scope, target.clinicId);
        const clinic = scope && (await actor.data.within(scope).fhir.clinic());
        if (!clinic) throw missing();
        return mapOrganization(clinic);
      }
      if (target.of === 'staff') {
        const [staff] = await actor.data.fhir.staff([target.userId]);
        if (!staff) throw missing();
        return type === 'Practitioner' ? mapPractitioner(staff) : mapPractitionerRole(staff, staff.clinicId);
      }
      const patientId =
        target.of === 'patient' ? target.patientId : await actor.data.fhir.patientOfRow(target.kind, target.rowId);
      if (patientId === undefined) throw missing();
      const { reached, record: full } = await recordOf(actor, patientId, 'fhir.read', ctx, {
        withoutCharges: type !== 'ChargeItem',
      });
      const resource = resourcesOf(full).find((r) => r.resourceType === type && r.id === id);
      if (!resource) throw missing();
      await audited(actor, 'fhir.read', reached, ctx, 'read', [resource]);
      return resource;
    },

    /** `GET metadata`: what the read API serves. */
    metadata: (): FhirResource => capabilityStatement(base, clock.now()),
  };
}
export type FhirService = ReturnType<typeof createFhirService>;
