import { type Dashboard, lastDayOfMonth, NO_DATA_DAYS, type PatientListQuery } from '@rehabit/contract';
import { formatDate } from '@web/components/ui/format/format.ts';
import { paths } from '@web/config/paths.ts';

type ListFilter = Pick<PatientListQuery, 'billable' | 'call' | 'data' | 'rtm'>;

/** The patient list behind a figure: onboarded patients of the therapist counted (none: the clinic's), filtered. */
export function patientListHref(therapistId: number | null, filter: ListFilter = {}): string {
  const query = new URLSearchParams({ status: 'onboarded' });
  if (therapistId) query.set('therapist_id', String(therapistId));
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value);
  return `${paths.patients.getHref()}?${query}`;
}

export type Tone = 'neutral' | 'warning' | 'success';

export type Figure = {
  key: string;
  label: string;
  value: string;
  /** The figure in words, zero included ("No patient needs a call"). */
  text: string;
  href: string;
  /** The tasks section of this page, not another screen. */
  isOnPage?: boolean;
  tone: Tone;
};

const count = (n: number) => n.toLocaleString('en-US');
const patients = (n: number) => (n === 1 ? '1 patient' : `${count(n)} patients`);

/**
 * The dashboard's figures, each with its words and the list behind it. `tasksOfClinic`: the open tasks counted are
 * the whole clinic's (a manager's or supervisor's count), not the caller's own.
 */
export function figuresOf(data: Dashboard, tasksOfClinic = false): Figure[] {
  const therapistId = data.therapist?.id ?? null;
  const monitored = patientListHref(therapistId);
  const callDue = `Month ends soon: call them by ${formatDate(lastDayOfMonth(data.today.slice(0, 7)))}`;
  return [
    {
      key: 'monitoring',
      label: 'Patients in monitoring',
      value: count(data.patients_in_monitoring),
      text: data.patients_in_monitoring === 0 ? 'No patient is in monitoring' : 'Onboarded, followed between visits',
      href: monitored,
      tone: 'neutral',
    },
    {
      // The minutes of those who can bill, the sum of what their list shows (decision 1240).
      key: 'minutes',
      label: 'Minutes this month',
      value: `${count(data.minutes_this_month)} min`,
      text:
        data.minutes_this_month === 0
          ? 'No minutes monitored yet this month'
          : `Monitored time and calls with the ${patients(data.billable)} who can bill RTM`,
      href: patientListHref(therapistId, { billable: 'yes' }),
      tone: 'neutral',
    },
    {
      // Those who bill nothing, apart: their time and calls are in no other figure.
      key: 'not-billable',
      label: 'Not billable for RTM',
      value: count(data.not_billable),
      text:
        data.not_billable === 0
          ? 'Every patient in monitoring can bill RTM'
          : 'Not covered or no consent: no minutes, calls or codes counted',
      href: patientListHref(therapistId, { billable: 'no' }),
      tone: 'neutral',
    },
    {
      key: 'call',
      // Only those who can bill need a call (decision 1240).
      label: 'Need a call',
      value: count(data.needs_call),
      text:
        data.needs_call === 0
          ? 'No patient needs a call'
          : data.is_call_reminder_period
            ? callDue
            : 'No live call logged this month yet',
      href: patientListHref(therapistId, { call: 'needed' }),
      tone: data.needs_call === 0 ? 'success' : data.is_call_reminder_period ? 'warning' : 'neutral',
    },
    {
      key: 'quiet',
      label: `No data for ${NO_DATA_DAYS} days`,
      value: count(data.no_data),
      text:
        data.no_data === 0
          ? `No patient went ${NO_DATA_DAYS} days without data`
          : `No exercise, pain or steps logged for ${NO_DATA_DAYS} days`,
      href: patientListHref(therapistId, { data: 'quiet' }),
      tone: data.no_data === 0 ? 'success' : 'warning',
    },
    {
      key: 'close',
      label: 'Close to a threshold',
      value: count(data.close_to_threshold),
      text:
        data.close_to_threshold === 0
          ? 'No patient is close to a threshold'
          : 'A few data days or minutes from a code this month',
      href: patientListHref(therapistId, { rtm: 'close' }),
      tone: 'neutral',
    },
    {
      key: 'ready',
      label: 'Ready to bill',
      value: count(data.ready_to_bill),
      text: data.ready_to_bill === 0 ? 'No patient is ready to bill yet' : 'A code met now bills in this month’s file',
      href: patientListHref(therapistId, { rtm: 'ready' }),
      tone: data.ready_to_bill === 0 ? 'neutral' : 'success',
    },
    {
      key: 'tasks',
      // The tasks the caller works, whoever's patients the figures above count.
      label: tasksOfClinic ? 'Open tasks of the clinic' : 'Your open tasks',
      value: count(data.open_tasks),
      text:
        data.open_tasks === 0
          ? 'No open tasks'
          : data.open_tasks === 1
            ? '1 task to do'
            : `${count(data.open_tasks)} tasks to do`,
      href: '#tasks',
      isOnPage: true,
      tone: 'neutral',
    },
  ];
}
