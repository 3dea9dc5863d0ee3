import type { Clinic, CurrentUser, Patient, PatientDetail, PatientListItem, StaffMember } from '@rehabit/contract';

export const therapist: CurrentUser = {
  id: 7,
  code: 'DEMO01',
  role: 'therapist',
  email: 'therapist@example.com',
  first_name: 'Tara',
  last_name: 'Nguyen',
  display_name: 'Tara Nguyen',
  clinic_name: 'Demo Physical Therapy',
  is_feature_notification_on: false,
  is_new_billing_uploaded: false,
};

export const userPage = (user: CurrentUser) => ({ count: 1, next: null, previous: null, results: [user] });

export const settingsInfo = { support_user_id: 1, initial_note: null };

/** Fixtures every signed-in screen needs. */
export const signedInRoutes = (user: CurrentUser = therapist) => ({
  'GET /api/v1/users/': { body: userPage(user) },
  'GET /user/settings-info': { body: settingsInfo },
  'POST /clinic/therapist/logout': { status: 204 },
});

export const manager: CurrentUser = {
  ...therapist,
  id: 8,
  role: 'manager',
  email: 'manager@example.com',
  first_name: 'Morgan',
  last_name: 'Lee',
  display_name: 'Morgan Lee',
};

export const supervisor: CurrentUser = {
  ...therapist,
  id: 2,
  role: 'supervisor',
  email: 'supervisor@example.com',
  first_name: 'Sam',
  last_name: 'Boss',
  display_name: 'Sam Boss',
};

/** A patient as the API reads one: without a call status or chat freshness unless given (decision 0901). */
export function makePatient(changes: Partial<PatientDetail> = {}): PatientDetail {
  const first = changes.first_name ?? 'Maria';
  const last = changes.last_name ?? 'Garcia';
  return {
    id: 101,
    first_name: first,
    last_name: last,
    display_name: `${first} ${last}`,
    phone: '5551234567',
    selected_code: '+1',
    birthday: '1956-03-04',
    email: 'maria@example.com',
    diagnosis: 'M54.50',
    diagnosis_description: 'Low back pain, unspecified',
    mrn: null,
    insurance_member_id: null,
    therapist: { id: 7, display_name: 'Tara Nguyen' },
    status: 'onboarded',
    is_rtm_covered: true,
    consent_date: '2025-01-10',
    consent_method: 'written',
    episode_started_at: '2025-01-10T15:00:00Z',
    source: 'staff',
    created_at: '2025-01-09T15:00:00Z',
    clinic: { code: 'DEMO01', name: 'Demo Physical Therapy' },
    call_status: null,
    chat_freshness: null,
    ...changes,
  };
}

/**
 * A page of the patient list; a patient given without an RTM status has none this month, and one without a call
 * status or chat freshness has neither (decision 0901).
 */
export const patientPage = (results: (Patient | PatientListItem)[], count = results.length, countCapped = false) => ({
  count,
  next: null,
  previous: null,
  results: results.map((patient) => ({
    rtm: null,
    call_status: null,
    chat_freshness: null,
    ...patient,
  })),
  count_capped: countCapped,
});

export function makeStaff(changes: Partial<StaffMember> = {}): StaffMember {
  const first = changes.first_name ?? 'Tara';
  const last = changes.last_name ?? 'Nguyen';
  return {
    id: 7,
    email: `${first.toLowerCase()}@example.com`,
    first_name: first,
    last_name: last,
    display_name: `${first} ${last}`,
    role: 'therapist',
    code: 'DEMO01',
    clinic_name: 'Demo Physical Therapy',
    status: 'approved',
    has_access: true,
    created_at: '2025-01-02T10:00:00Z',
    ...changes,
  };
}

export const staffPage = (results: StaffMember[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
});

/** The demo clinic, in New York, changed by `changes`. */
export const clinic = (changes: Partial<Clinic> = {}): Clinic => ({
  id: 1,
  code: 'DEMO01',
  name: 'Demo Physical Therapy',
  timezone: 'America/New_York',
  address: null,
  npi: null,
  tin: null,
  is_restricted: false,
  handout_attachments: false,
  has_logo: false,
  supervisor_user_id: 2,
  ...changes,
});
