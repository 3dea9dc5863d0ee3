export { usePatientSearch } from './api/search-patients.ts';
