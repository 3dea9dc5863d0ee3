import type { CurrentUser, Dashboard } from '@rehabit/contract';
import { signedInRoutes } from '@web/testing/fixtures.ts';

export const DASHBOARD_URL = 'GET /api/v1/dashboard/';

export const figures = (changes: Partial<Dashboard> = {}): Dashboard => ({
  today: '2026-03-15',
  therapist: { id: 7, display_name: 'Tara Nguyen' },
  patients_in_monitoring: 12,
  minutes_this_month: 1234,
  billable: 10,
  not_billable: 2,
  needs_call: 3,
  is_call_reminder_period: false,
  no_data: 2,
  close_to_threshold: 4,
  ready_to_bill: 5,
  open_tasks: 6,
  ...changes,
});

const emptyPage = { count: 0, next: null, previous: null, results: [] };

/** A signed-in user on the dashboard: its figures, and an empty task list. */
export const dashboardRoutes = (user: CurrentUser | undefined, dashboard: Dashboard = figures()) => ({
  ...signedInRoutes(user),
  [DASHBOARD_URL]: { body: dashboard },
  'GET /api/v1/tasks/': { body: emptyPage },
});
