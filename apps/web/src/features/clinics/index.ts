export { useCheckClinicCode } from './api/check-clinic-code.ts';
export { clinicQueryOptions, useClinic } from './api/get-clinic.ts';
export { ALL_CLINICS, useChosenClinicCode, useClinicChoice } from './clinic-choice.ts';
export { useClinicTimeZone } from './clinic-time-zone.ts';
export { ClinicPicker } from './components/clinic-picker.tsx';
export { ClinicTime } from './components/clinic-time-display.tsx';
export { useWorkingClinic, type WorkingClinic } from './working-clinic.ts';
