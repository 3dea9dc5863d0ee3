import { patientListQuerySchema } from '@rehabit/contract';
import { expect } from 'vitest';
import { createPatientAppRepository } from '../../src/modules/patient-app/patient-app.repository.ts';
import { createFunctionalDataRepository } from '../../src/modules/patient-data/functional-data.repository.ts';
import { createProgressRepository } from '../../src/modules/patient-data/progress.repository.ts';
import { createClinicianTimeRepository } from '../../src/modules/patients/clinician-time.repository.ts';
import { createInteractionsRepository } from '../../src/modules/patients/interactions.repository.ts';
import { createOtpRepository } from '../../src/modules/patients/otp.repository.ts';
import { createPatientRecordRepository } from '../../src/modules/patients/patient-record.repository.ts';
import { createPatientsRepository } from '../../src/modules/patients/patients.repository.ts';
import { createReferralRepository } from '../../src/modules/referral/referral.repository.ts';
import {
  a,
  b,
  byDesign,
  cover,
  crossClinic,
  type Entry,
  findPatient,
  functionalDataGuard,
  guarded,
  notClinicData,
  own,
  patientAppGuard,
  progressGuard,
  requirePatient,
  SHARED_NAME,
  scopeA,
  writesOnly,
} from './harness.ts';

export const patientsRepositories = {
  patients: cover(createPatientsRepository, {
    list: crossClinic(async (r) => {
      const everyone = await r.list(scopeA(), patientListQuerySchema.parse({ page_size: 100 }), new Date());
      expect(everyone.rows.map((p) => p.clinicId)).toEqual(everyone.rows.map(() => a.clinicId));
      expect(everyone.rows.map((p) => p.id)).toEqual([a.patientId]);
      // Both patients share the name; the search finds only clinic A's.
      const byName = await r.list(scopeA(), patientListQuerySchema.parse({ search: SHARED_NAME }), new Date());
      expect(byName.rows.map((p) => p.id)).toEqual([a.patientId]);
      const byTherapist = patientListQuerySchema.parse({ therapist_id: b.therapistId });
      expect(await r.list(scopeA(), byTherapist, new Date())).toMatchObject({ rows: [], count: 0 });
      // The call and chat filters keep to the scope too: in April, both patients lack a call and a message of theirs.
      const quiet = patientListQuerySchema.parse({ call: 'needed', chat: 'outdated' });
      expect((await r.list(scopeA(), quiet, new Date('2026-04-10T15:00:00Z'))).rows.map((p) => p.id)).toEqual([
        a.patientId,
      ]);
    }),
    findById: crossClinic(async (r) => {
      expect(await r.findById(b.patientId, scopeA())).toBeUndefined();
      expect((await r.findById(a.patientId, scopeA()))?.id).toBe(a.patientId);
    }),
    findWithClinicDay: crossClinic(async (r) => {
      expect(await r.findWithClinicDay(b.patientId, scopeA())).toBeUndefined();
      expect((await r.findWithClinicDay(a.patientId, scopeA()))?.id).toBe(a.patientId);
    }),
    findOwn: crossClinic(async (r) => {
      expect(await r.findOwn({ id: b.patientUserId, clinicId: a.clinicId })).toBeUndefined();
      expect((await r.findOwn({ id: a.patientUserId, clinicId: a.clinicId }))?.id).toBe(a.patientId);
    }),
    lock: guarded(
      requirePatient('hep/hep.service.ts'),
      requirePatient('patient-data/functional-data.service.ts'),
      requirePatient('monitoring/monitoring.service.ts'),
    ),
    findManyByIds: crossClinic(async (r) => {
      const rows = await r.findManyByIds([b.patientId, a.patientId], scopeA());
      expect(rows.map((p) => p.id)).toEqual([a.patientId]);
    }),
    insert: writesOnly('a new patient, in the staff caller’s clinic or the clinic named by a verified registration'),
    update: guarded(findPatient, ['findManyByIds', 'patients/patients.service.ts']),
    openEpisode: guarded(findPatient, ['findManyByIds', 'patients/patients.service.ts']),
    closeOpenEpisode: guarded(findPatient, ['findManyByIds', 'patients/patients.service.ts']),
    setOpenEpisodeTherapist: guarded(findPatient),
    recordEvent: guarded(findPatient, ['findManyByIds', 'patients/patients.service.ts']),
  }),
  patientRecord: cover(createPatientRecordRepository, {
    readAudited: crossClinic(async (r) => {
      const read = { clinicId: a.clinicId, actorUserId: a.therapistId, ip: null, now: new Date() };
      expect(await r.readAudited({ ...read, id: b.patientId })).toBeUndefined();
      expect((await r.readAudited({ ...read, id: a.patientId }))?.row.id).toBe(a.patientId);
    }),
  }),
  interactions: cover(createInteractionsRepository, {
    list: guarded(findPatient),
    findLive: guarded(findPatient),
    insert: guarded(findPatient),
    softDelete: guarded(findPatient),
  }),
  clinicianTime: cover(createClinicianTimeRepository, {
    lockClinician: own('the caller’s own user row, held while their new call is checked'),
    firstOverlap: own('by user id: the caller’s own calls, in any clinic, only to refuse an overlap'),
    callCalendarOf: guarded(findPatient),
  }),
  otp: cover(createOtpRepository, {
    lockPhone: notClinicData('phone codes by phone number, before any patient is known'),
    sendsSince: notClinicData('phone codes by phone number'),
    create: notClinicData('phone codes by phone number'),
    findPending: notClinicData('phone codes by phone number'),
    findByVerificationToken: notClinicData('phone codes by verification token'),
    update: notClinicData('phone codes by id, found by phone or token'),
    failuresSince: notClinicData('wrong phone codes by phone number'),
    recordFailure: notClinicData('wrong phone codes by phone number'),
  }),
  functionalData: cover(createFunctionalDataRepository, {
    seriesOf: functionalDataGuard,
    findSeries: functionalDataGuard,
    findSeriesByName: functionalDataGuard,
    insertSeries: functionalDataGuard,
    updateSeries: functionalDataGuard,
    entriesOf: functionalDataGuard,
    insertEntries: functionalDataGuard,
    updateEntry: functionalDataGuard,
  }),
  progress: cover(createProgressRepository, {
    weekData: progressGuard,
    historySpan: progressGuard,
  }),
  patientApp: cover(createPatientAppRepository, {
    findPatientByPhone: byDesign('by a verified phone: the phone sign-in finds its patient in whichever clinic'),
    findPatientIdOfUser: own('by the user id of the account signing in'),
    linkUser: own('links the patient found by the verified phone to its own new account'),
    findLinkedUserId: own('the account of the patient found by the verified phone'),
    profile: patientAppGuard,
    insertReadings: patientAppGuard,
  }),
  referral: cover(createReferralRepository, {
    listBySender: own('the caller’s own invitations, by sender id'),
    holdSender: own('a lock on the caller’s own sends, by sender id'),
    countSentSince: own('the caller’s own invitations of the last 24 hours, for the daily cap'),
    senderOf: own('the caller’s own name and clinic, for the e-mail'),
    insert: writesOnly('an invitation from the caller, in the caller’s clinic'),
    withdraw: own('the invitation the caller has just sent, by its id'),
    findOpenFor: byDesign('an address’s open invitation from any clinic: one at a time per address (decision 1010)'),
    findByCodeHash: byDesign('a sign-up’s referral code: the code e-mailed to the address is the access'),
    expireOpen: byDesign('an address’s run-out invitation from any clinic, so the address can be invited again'),
    markSignedUp: guarded(['isOpen', 'referral/referral.service.ts']),
    markApproved: byDesign('the invitation of the account just approved, whichever clinic sent it (decision 1010)'),
  }),
};

/** Query functions of repository files that export functions over the database instead of a factory. */
export const patientsQueryFunctions: Record<string, Record<string, Entry<undefined>>> = {
  'contact-status': {
    // Given the ids of a scoped list page or of a patient found by findPatient.
    contactStatusesOf: guarded(findPatient),
  },
  'patient-list': {
    // The statement behind patients.list (tested across clinics above): its clinic comes from the scope it is given.
    listPatientRows: byDesign('scoped by the ClinicScope of its options; patients.list is its only caller'),
  },
  icd10: {
    searchIcd10: notClinicData('global reference data (ICD-10)'),
    findIcd10: notClinicData('global reference data (ICD-10)'),
    importIcd10: notClinicData('global reference data (ICD-10)'),
    loadBundledIcd10IfEmpty: notClinicData('global reference data (ICD-10)'),
  },
};
