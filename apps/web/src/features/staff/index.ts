export { useClinicStaff } from './api/get-clinic-staff.ts';
export { useColleagues } from './api/get-colleagues.ts';
export { useTreatingTherapists } from './api/get-treating-therapists.ts';
export { type StaffChoice, StaffField } from './components/staff-field.tsx';
