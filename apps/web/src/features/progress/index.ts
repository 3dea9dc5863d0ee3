export { progressQueryKey } from './api/get-progress.ts';
