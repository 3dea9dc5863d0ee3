import { randomUUID } from 'node:crypto';
import {
  fhirEndpoints,
  hepEndpoints,
  pathOf,
  patientDataEndpoints,
  patientEndpoints,
  patientProgramEndpoints,
} from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type FhirJson, fhirErrorsOf } from '../../../test/fhir-validator.ts';
import { auditRows, makeVideo, sessionForPatient } from '../../../test/hep-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { clinics, patients, users } from '../../db/schema.ts';
import { hepItems } from '../../db/schema-hep.ts';
import { readableTypes } from './fhir-ids.ts';

type Resource = FhirJson;
type Bundle = Resource & { entry: { fullUrl: string; resource: Resource }[] };
const errorsOf = fhirErrorsOf;

/** Every resource of a Bundle, and the Bundle itself, valid FHIR R4. */
function expectValid(bundle: Bundle) {
  expect(errorsOf(bundle)).toEqual([]);
  for (const { resource } of bundle.entry) expect(errorsOf(resource), resource.resourceType).toEqual([]);
}

const { t, call, home, away } = await twoClinicsForFile();
const db = t.database.db;
const token = home.therapist.token;
const fhirJson = (res: { headers: Record<string, unknown> }) =>
  expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);

await db.update(clinics).set({ npi: '1234567893', tin: '12-3456789' }).where(eq(clinics.id, home.clinic.id));
await db.update(users).set({ npi: '1245319599' }).where(eq(users.id, home.therapist.id));

/** An onboarded patient with a two-exercise program, pain ratings and steps sent from the phone, a call and a video visit. */
async function patientWithRecord() {
  const { id } = await call.register(token, {
    first_name: 'Ashley',
    last_name: 'Perez',
    mrn: 'MRN-20417',
    insurance_member_id: '1EG4-TE5-MK73',
  });
  const onboard = await call.post(pathOf(patientEndpoints.onboard, { id }), home.manager.token, {
    diagnosis: 'M54.50',
    therapist: home.therapist.id,
  });
  expect(onboard.statusCode, onboard.body).toBe(200);
  const squat = await makeVideo(db, { clinicId: home.clinic.id, ownerUserId: home.therapist.id, title: 'Wall squat' });
  const bridge = await makeVideo(db, { clinicId: home.clinic.id, ownerUserId: home.therapist.id, title: 'Bridge' });
  const added = await call.post(pathOf(hepEndpoints.program, { dashboardId: id }), token, [
    { video_id: squat.id, sets: 2, reps: 12 },
    { video_id: bridge.id, sets: 3, reps: 10, hold_seconds: 30, times_per_day: 2, days_per_week: 5 },
  ]);
  expect(added.statusCode, added.body).toBe(201);
  const patient = await sessionForPatient(t, id);
  const sent = await call.post('/api/v1/patient/health-data/', patient.token, {
    source: 'manual',
    entries: [
      { kind: 'painlevel', value: 6, measured_at: '2026-03-01T14:00:00Z' },
      { kind: 'painlevel', value: 3, measured_at: '2026-03-02T13:00:00Z' },
      { kind: 'painlevel', value: 4, measured_at: '2026-03-02T14:00:00Z' },
      { kind: 'steps', value: 4200, measured_at: '2026-03-01T20:00:00Z' },
      { kind: 'heart_rate', value: 72, measured_at: '2026-03-01T20:00:00Z' },
    ],
  });
  expect(sent.statusCode, sent.body).toBe(200);
  // One session of the wall squat today: one of the three sessions the program asks for today.
  const [squatItem] = await db.select({ id: hepItems.id }).from(hepItems).where(eq(hepItems.videoId, squat.id));
  const logged = await call.post(patientProgramEndpoints.logExercise.path, patient.token, {
    hep_id: squatItem!.id,
    sets_done: 2,
    client_id: randomUUID(),
  });
  expect(logged.statusCode, logged.body).toBe(201);
  const measured = await call.post(pathOf(patientDataEndpoints.addFunctionalData, { patientId: id }), token, {
    datatype_id: 5,
    entries: [{ date: '2026-02-27', answers: [2, 2, 1, 3, 2, 1, 0, 2, 1, 2] }],
  });
  expect(measured.statusCode, measured.body).toBe(201);
  for (const [kind, start, minutes] of [
    ['phone', '08:00', 12],
    ['video', '09:00', 21],
  ] as const) {
    const logged = await call.post(pathOf(patientEndpoints.logInteraction, { id }), token, {
      date: '2026-03-02',
      start_time: start,
      minutes,
      kind,
    });
    expect(logged.statusCode, logged.body).toBe(201);
  }
  return id;
}

const id = await patientWithRecord();

describe('the validator the tests use', () => {
  it('refuses a resource FHIR R4 does not allow', () => {
    expect(errorsOf({ resourceType: 'Encounter', class: { code: 'VR' }, length: { value: 'ten' } })).not.toEqual([]);
    expect(errorsOf({ resourceType: 'Patient', birthDate: '1956-13-40' })).not.toEqual([]);
  });
});

describe('the FHIR Bundle of a patient', () => {
  it('is a valid FHIR R4 collection of the whole record, named by the id, audited with its counts', async () => {
    const res = await call.get(pathOf(fhirEndpoints.bundle, { id }), token);
    expect(res.statusCode, res.body).toBe(200);
    fhirJson(res);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="fhir-record-${id}.json"`);
    expect(res.headers['content-disposition']).not.toMatch(/Perez|Ashley/);
    const bundle = res.json() as Bundle;
    expect(bundle.type).toBe('collection');
    expectValid(bundle);
    for (const entry of bundle.entry) {
      expect(entry.fullUrl).toBe(
        `${t.app.config.PUBLIC_URL}/fhir/R4/${entry.resource.resourceType}/${entry.resource.id}`,
      );
    }
    const of = (type: string) => bundle.entry.map((e) => e.resource).filter((r) => r.resourceType === type);
    const [patient] = of('Patient');
    expect(patient!.identifier[0].system).toBe(`urn:rehabit:clinic:${home.clinic.code.toLowerCase()}:patient`);
    expect(patient!.identifier[0].value).toBe(String(id));
    expect(patient!.identifier.slice(1)).toEqual([
      {
        use: 'official',
        type: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }],
          text: 'Medical record number',
        },
        value: 'MRN-20417',
      },
      {
        use: 'secondary',
        type: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MB' }],
          text: 'Member number',
        },
        value: '1EG4-TE5-MK73',
      },
    ]);
    expect(patient!.name[0]).toMatchObject({ family: 'Perez', given: ['Ashley'] });
    expect(of('Organization')[0]!.identifier).toEqual([
      { system: 'http://hl7.org/fhir/sid/us-npi', value: '1234567893' },
      { system: 'urn:oid:2.16.840.1.113883.4.4', value: '12-3456789' },
    ]);
    expect(of('Practitioner')[0]!.identifier).toEqual([
      { system: 'http://hl7.org/fhir/sid/us-npi', value: '1245319599' },
    ]);
    expect(of('Condition')[0]!.code.coding[0]).toMatchObject({
      system: 'http://hl7.org/fhir/sid/icd-10-cm',
      code: 'M54.50',
    });
    const [plan] = of('CarePlan');
    expect(plan!.status).toBe('active');
    expect(plan!.activity.map((a: Resource) => a.detail.code.text)).toEqual(['Wall squat', 'Bridge']);
    expect(plan!.activity[1].detail.description).toBe(
      '3 sets of 10 repetitions, hold 30 seconds, 2 times a day, 5 days a week.',
    );
    expect(of('Encounter').map((e) => e.class.code)).toEqual(['VR', 'VR']);

    const [row] = await auditRows(db, 'fhir.export', id);
    expect(row).toMatchObject({ clinicId: home.clinic.id, actorUserId: home.therapist.id });
    expect(row!.detail).toMatchObject({
      resources: {
        Patient: 1,
        Organization: 1,
        Practitioner: 1,
        PractitionerRole: 1,
        Condition: 1,
        CarePlan: 1,
        Observation: 7,
        Encounter: 2,
      },
    });
  });

  it("gives back the pain ratings, exercise days, outcome scores and call minutes the API's own screens report", async () => {
    const bundle = (await call.get(pathOf(fhirEndpoints.bundle, { id }), token)).json() as Bundle;
    const resources = bundle.entry.map((e) => e.resource);
    const pain = resources.filter(
      (r) =>
        r.code?.coding?.some((c: Resource) => c.code === '72514-3' && c.system === 'http://loinc.org') &&
        r.effectiveDateTime.length > 10,
    );
    const progress = (await call.get(`${pathOf(patientDataEndpoints.progress, { patientId: id })}`, token)).json();
    for (const day of progress.days as {
      date: string;
      pain: { ratings: number };
      metrics: { painlevel: number | null };
    }[]) {
      // The clinic's days are New York's: a rating's day is its local date.
      const ofDay = pain.filter(
        (r) => new Date(r.effectiveDateTime).toLocaleDateString('en-CA', { timeZone: 'America/New_York' }) === day.date,
      );
      expect(ofDay.length, day.date).toBe(day.pain.ratings);
      if (ofDay.length > 0) {
        const average = ofDay.reduce((sum, r) => sum + r.valueInteger, 0) / ofDay.length;
        expect(average).toBeCloseTo(day.metrics.painlevel!, 1);
      }
    }
    expect(pain.map((r) => r.valueInteger)).toEqual([6, 3, 4]);
    // Each day the program asked for sessions is an adherence observation with the progress screen's counts.
    const adherence = resources
      .filter((r) => r.code?.coding?.some((c: Resource) => c.code === 'engagement'))
      .map((r) => ({
        date: r.effectiveDateTime,
        engagement: r.valueQuantity.value,
        done: r.component[0].valueInteger,
        assigned: r.component[1].valueInteger,
      }));
    const asked = (progress.days as { date: string; assigned: number; done: number; engagement: number }[])
      .filter((day) => day.assigned > 0)
      .map(({ date, assigned, done, engagement }) => ({ date, engagement, done, assigned }));
    expect(adherence).toEqual(asked);
    expect(adherence).toEqual([{ date: '2026-03-02', engagement: 33, done: 1, assigned: 3 }]);
    const steps = resources.find((r) => r.code?.coding?.some((c: Resource) => c.code === '55423-8'));
    expect(steps!.valueQuantity).toMatchObject({ value: 4200, code: '{steps}' });

    // Each outcome-measure total as the functional-data screen reports it: its measure, date and score.
    const series = (await call.get(pathOf(patientDataEndpoints.functionalData, { patientId: id }), token)).json();
    const reported = (series.results as { key: string; entries: { date: string; score: number }[] }[]).flatMap((s) =>
      s.entries.map((entry) => [s.key, entry.date, entry.score]),
    );
    const exported = resources
      .filter((r) => r.code?.coding?.some((c: Resource) => c.system === 'urn:rehabit:fhir:outcome-measure'))
      .map((r) => [
        r.code.coding.find((c: Resource) => c.system === 'urn:rehabit:fhir:outcome-measure').code,
        r.effectiveDateTime,
        r.valueQuantity.value,
      ]);
    expect(reported.length).toBeGreaterThan(0);
    expect(exported).toEqual(reported);

    const calls = (await call.get(pathOf(patientEndpoints.interactions, { id }), token)).json();
    const minutes = (calls.results as { minutes: number; started_at: string }[])
      .map((c) => [c.started_at, c.minutes])
      .sort();
    const encounters = resources
      .filter((r) => r.resourceType === 'Encounter')
      .map((r) => [r.period.start, r.length.value])
      .sort();
    expect(encounters).toEqual(minutes);
  });

  it("answers another clinic's patient as not found, audited as refused", async () => {
    const res = await call.get(pathOf(fhirEndpoints.bundle, { id }), away.therapist.token);
    expect(res.statusCode).toBe(404);
    const refused = (await auditRows(db, 'fhir.export')).filter((row) => row.outcome === 'denied');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ clinicId: away.clinic.id, actorUserId: away.therapist.id });
    expect(refused[0]!.detail).toMatchObject({ patient_id: id });
  });
});

describe('the FHIR read API', () => {
  it('describes itself without a sign-in in a valid CapabilityStatement', async () => {
    const res = await call.get('/fhir/R4/metadata');
    expect(res.statusCode).toBe(200);
    fhirJson(res);
    const statement = res.json();
    expect(statement.resourceType).toBe('CapabilityStatement');
    expect(errorsOf(statement)).toEqual([]);
  });

  it('reads the patient and everything of theirs, audited as FHIR reads', async () => {
    const patient = await call.get(`/fhir/R4/Patient/${id}`, token);
    expect(patient.statusCode, patient.body).toBe(200);
    fhirJson(patient);
    expect(patient.json()).toMatchObject({ resourceType: 'Patient', id: String(id) });
    expect(errorsOf(patient.json())).toEqual([]);

    const everything = await call.get(`/fhir/R4/Patient/${id}/$everything`, token);
    expect(everything.statusCode, everything.body).toBe(200);
    const bundle = everything.json() as Bundle;
    expect(bundle.type).toBe('searchset');
    expect(bundle.total).toBe(bundle.entry.length);
    expectValid(bundle);
    const rows = await auditRows(db, 'fhir.read', id);
    expect(rows.map((r) => (r.detail as { interaction: string }).interaction)).toEqual(['read', 'everything']);
  });

  it("reads every resource of the Bundle at its fullUrl, and none of them for another clinic's staff", async () => {
    const bundle = (await call.get(pathOf(fhirEndpoints.bundle, { id }), token)).json() as Bundle;
    const successfulReads = async () =>
      (await auditRows(db, 'fhir.read')).filter(
        (row) => row.outcome === 'success' && row.actorUserId === home.therapist.id,
      );
    const readsBefore = (await successfulReads()).length;
    const types = new Set<string>();
    for (const entry of bundle.entry) {
      const path = entry.fullUrl.slice(t.app.config.PUBLIC_URL.length);
      const res = await call.get(path, token);
      expect(res.statusCode, path).toBe(200);
      fhirJson(res);
      expect(res.json(), path).toEqual(entry.resource);
      types.add(entry.resource.resourceType);
      const away404 = await call.get(path, away.therapist.token);
      expect(away404.statusCode, path).toBe(404);
      expect(away404.json().resourceType).toBe('OperationOutcome');
    }
    // Every type the API reads, but the charges of a closed month: this patient's month is still open.
    expect([...types].sort()).toEqual(readableTypes.filter((type) => type !== 'ChargeItem').sort());
    // Each read of the patient's own record is audited about the patient; the clinic and its staff are not patient data.
    const reads = (await successfulReads()).slice(readsBefore);
    const patientParts = bundle.entry.filter(
      (e) => !['Organization', 'Practitioner', 'PractitionerRole'].includes(e.resource.resourceType),
    );
    expect(reads).toHaveLength(patientParts.length);
    for (const row of reads) expect(row).toMatchObject({ patientId: id, clinicId: home.clinic.id });
  });

  it("answers 404 for a patient's own sign-in account read as a Practitioner or its role", async () => {
    const [patient] = await db.select({ userId: patients.userId }).from(patients).where(eq(patients.id, id));
    expect(patient?.userId).toBeTruthy();
    for (const path of [
      `/fhir/R4/Practitioner/staff-${patient!.userId}`,
      `/fhir/R4/PractitionerRole/role-${patient!.userId}`,
    ]) {
      const res = await call.get(path, token);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().resourceType).toBe('OperationOutcome');
    }
    const staffRead = await call.get(`/fhir/R4/Practitioner/staff-${home.therapist.id}`, token);
    expect(staffRead.statusCode).toBe(200);
  });

  it('searches the observations of a patient by date', async () => {
    const all = (await call.get(`/fhir/R4/Observation?patient=${id}`, token)).json() as Bundle;
    expect(all.entry).toHaveLength(7);
    const res = await call.get(`/fhir/R4/Observation?patient=Patient/${id}&date=ge2026-03-02`, token);
    expect(res.statusCode, res.body).toBe(200);
    const bundle = res.json() as Bundle;
    expectValid(bundle);
    // The two ratings of March 2, and that day's exercise (33 % of the sessions asked for).
    expect(bundle.entry.map((e) => e.resource.valueInteger ?? e.resource.valueQuantity.value)).toEqual([3, 4, 33]);
    const range = (
      await call.get(`/fhir/R4/Observation?patient=${id}&date=ge2026-02&date=lt2026-03-01`, token)
    ).json() as Bundle;
    expect(range.entry.map((e) => e.resource.effectiveDateTime)).toEqual(['2026-02-27']);
  });

  it('answers every error as an OperationOutcome with its status', async () => {
    const cases = [
      [`/fhir/R4/Patient/${id}`, undefined, 401, 'login'],
      [`/fhir/R4/Patient/${id}`, away.therapist.token, 404, 'not-found'],
      [`/fhir/R4/Patient/${id}/$everything`, away.therapist.token, 404, 'not-found'],
      [`/fhir/R4/Observation?patient=${id}`, away.therapist.token, 404, 'not-found'],
      ['/fhir/R4/Patient/abc', token, 404, 'not-found'],
      [`/fhir/R4/Observation?patient=${id}&date=yesterday`, token, 400, 'invalid'],
      [`/fhir/R4/Observation?patient=${id}&date=ge2026-03-01T10:99`, token, 400, 'invalid'],
      [`/fhir/R4/Observation?patient=${id}&date=ge2026-03-01T24:00`, token, 400, 'invalid'],
      [`/fhir/R4/Observation?patient=${id}&date=ge2026-03-01T10:00%2B15:00`, token, 400, 'invalid'],
      [`/fhir/R4/Observation?patient=${id}&code=72514-3`, token, 400, 'invalid'],
      ['/fhir/R4/Observation', token, 400, 'invalid'],
      ['/fhir/R4/Encounter/1', token, 404, 'not-found'],
    ] as const;
    for (const [url, caller, status, code] of cases) {
      const res = await call.get(url, caller);
      expect(res.statusCode, url).toBe(status);
      fhirJson(res);
      const outcome = res.json();
      expect(outcome.resourceType).toBe('OperationOutcome');
      expect(outcome.issue[0].code, url).toBe(code);
      expect(errorsOf(outcome)).toEqual([]);
    }
    const patientSelf = await sessionForPatient(t, id);
    const forbidden = await call.get(`/fhir/R4/Patient/${id}`, patientSelf.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().issue[0].code).toBe('forbidden');
    const change = await call.post(`/fhir/R4/Patient/${id}`, token, { resourceType: 'Patient' });
    expect(change.statusCode).toBe(405);
    expect(change.json().resourceType).toBe('OperationOutcome');
  });
});
