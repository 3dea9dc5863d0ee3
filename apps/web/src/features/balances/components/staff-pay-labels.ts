import type { StaffBalance } from '@rehabit/contract';
import { roleLabels } from '@rehabit/contract';

/** Monitored seconds as people read them: `30 min 5 s`, `45 s`. */
export function monitoredTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** Live calls and their minutes: `2 calls, 15 min`, `No calls`. */
export function callsText(calls: number, minutes: number): string {
  if (calls === 0) return 'No calls';
  return `${calls} ${calls === 1 ? 'call' : 'calls'}, ${minutes} min`;
}

export const staffName = (row: StaffBalance) => row.staff?.display_name ?? 'Former staff member';
export const staffRole = (row: StaffBalance) =>
  row.staff ? roleLabels[row.staff.role] : 'Calls logged by an account that no longer exists';
