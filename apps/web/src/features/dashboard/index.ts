export { dashboardQueryKey } from './api/keys.ts';
