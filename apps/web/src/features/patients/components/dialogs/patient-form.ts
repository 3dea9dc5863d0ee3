import type { Patient, RegisterPatientBody, registerPatientBodySchema } from '@rehabit/contract';
import type { z } from 'zod';
import { DEFAULT_DIAL_CODE } from '../fields/dial-codes.ts';

/** What the registration form holds while it is being filled in (the schema's input side). */
export type PatientFormValues = z.input<typeof registerPatientBodySchema>;

export const patientFormFields = [
  'first_name',
  'last_name',
  'phone',
  'selected_code',
  'birthday',
  'email',
  'diagnosis',
  'mrn',
  'insurance_member_id',
  'is_rtm_covered',
  'consent_date',
  'consent_method',
] as const satisfies readonly (keyof RegisterPatientBody)[];

export const emptyPatientForm: PatientFormValues = {
  first_name: '',
  last_name: '',
  phone: '',
  selected_code: DEFAULT_DIAL_CODE,
  birthday: '',
  email: '',
  diagnosis: undefined,
  mrn: '',
  insurance_member_id: '',
  is_rtm_covered: false,
  consent_date: undefined,
  consent_method: undefined,
};

/** A saved patient as form values, so an edit sends every field back (the update is a full PUT). */
export const patientToForm = (patient: Patient): PatientFormValues => ({
  first_name: patient.first_name,
  last_name: patient.last_name,
  phone: patient.phone,
  selected_code: patient.selected_code,
  birthday: patient.birthday,
  email: patient.email ?? '',
  diagnosis: patient.diagnosis ?? undefined,
  mrn: patient.mrn ?? '',
  insurance_member_id: patient.insurance_member_id ?? '',
  is_rtm_covered: patient.is_rtm_covered,
  consent_date: patient.consent_date ?? undefined,
  consent_method: patient.consent_method ?? undefined,
});
