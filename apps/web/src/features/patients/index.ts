export { usePatient } from './api/get-patient.ts';
export { useInteractionNote } from './api/interaction-note.ts';
export { interactionStale } from './api/interaction-stale.ts';
export { usePatientSearch } from './api/search-patients.ts';
export { LOG_CALL_FORM_ID } from './components/dashboard/log-call-form-id.ts';
