import { describe, expect, it } from 'vitest';
import { approveStaffTask, duePatientTasks, onboardPatientTask, type PatientTaskFacts } from './tasks.ts';

// Patient 7 of therapist 3, onboarded in January, called this month, data yesterday: nothing due.
const fine: PatientTaskFacts = {
  patientId: 7,
  therapistId: 3,
  onboardedOn: '2026-01-05',
  hasLiveCallThisMonth: true,
  canBillRtm: true,
  lastDataDay: '2026-03-19',
};
const due = (change: Partial<PatientTaskFacts>, today: string) =>
  duePatientTasks({ ...fine, ...change }, today).map((t) => `${t.kind} ${t.cause}`);

describe('duePatientTasks', () => {
  it.each<[string, Partial<PatientTaskFacts>, string, string[]]>([
    // Called this month, data yesterday: nothing to do.
    ['nothing due', {}, '2026-03-20', []],
    // No call, but the month's last 7 days have not begun (25–31 in March): no reminder yet.
    [
      'no call on the 24th of a 31-day month',
      { hasLiveCallThisMonth: false, lastDataDay: '2026-03-23' },
      '2026-03-24',
      [],
    ],
    // The reminder period starts on the 25th of a 31-day month.
    [
      'no call on the 25th of a 31-day month',
      { hasLiveCallThisMonth: false, lastDataDay: '2026-03-24' },
      '2026-03-25',
      ['call_reminder patient:7:month:2026-03'],
    ],
    // Not covered for RTM, or no consent: nothing bills, so no call is reminded (decision 1240).
    [
      'no call on the 25th, RTM cannot bill',
      { hasLiveCallThisMonth: false, canBillRtm: false, lastDataDay: '2026-03-24' },
      '2026-03-25',
      [],
    ],
    // …and on the last day, still the same month's cause.
    [
      'no call on the month’s last day',
      { hasLiveCallThisMonth: false, lastDataDay: '2026-03-30' },
      '2026-03-31',
      ['call_reminder patient:7:month:2026-03'],
    ],
    // A 30-day month's period starts on the 24th.
    [
      'no call on the 24th of a 30-day month',
      { hasLiveCallThisMonth: false, lastDataDay: '2026-04-23' },
      '2026-04-24',
      ['call_reminder patient:7:month:2026-04'],
    ],
    // February 2026 has 28 days: the 22nd starts it, the 21st does not.
    ['no call on Feb 21', { hasLiveCallThisMonth: false, lastDataDay: '2026-02-20' }, '2026-02-21', []],
    [
      'no call on Feb 22',
      { hasLiveCallThisMonth: false, lastDataDay: '2026-02-21' },
      '2026-02-22',
      ['call_reminder patient:7:month:2026-02'],
    ],
    // A call this month answers the reminder, whatever the day.
    ['a call this month, on the last day', { lastDataDay: '2026-03-30' }, '2026-03-31', []],
    // Quiet 6 days: not yet.
    ['last data 6 days ago', { lastDataDay: '2026-03-14' }, '2026-03-20', []],
    // Quiet NO_DATA_DAYS (7): the cause is the last data day, so new data closes it and a new silence is a new task.
    ['last data 7 days ago', { lastDataDay: '2026-03-13' }, '2026-03-20', ['no_data patient:7:since:2026-03-13']],
    // Without any data the 7 days count from onboarding.
    ['no data, onboarded 6 days ago', { lastDataDay: null, onboardedOn: '2026-03-14' }, '2026-03-20', []],
    [
      'no data, onboarded 7 days ago',
      { lastDataDay: null, onboardedOn: '2026-03-13' },
      '2026-03-20',
      ['no_data patient:7:since:onboarded-2026-03-13'],
    ],
    // Both at once: two tasks, two causes.
    [
      'no call and quiet at the month’s end',
      { hasLiveCallThisMonth: false, lastDataDay: '2026-03-01' },
      '2026-03-28',
      ['call_reminder patient:7:month:2026-03', 'no_data patient:7:since:2026-03-01'],
    ],
  ])('%s', (_, change, today, expected) => {
    expect(due(change, today)).toEqual(expected);
  });

  it('gives the patient’s tasks to the patient’s therapist, or to nobody without one', () => {
    const quiet = { lastDataDay: '2026-03-01' };
    expect(duePatientTasks({ ...fine, ...quiet }, '2026-03-20')[0]).toMatchObject({ patientId: 7, assigneeId: 3 });
    expect(duePatientTasks({ ...fine, ...quiet, therapistId: null }, '2026-03-20')[0]?.assigneeId).toBeNull();
  });
});

describe('the other rules’ causes', () => {
  it('name the patient to onboard (for the clinic) and the staff member to approve (for the supervisor)', () => {
    expect(onboardPatientTask(9)).toEqual({
      kind: 'onboard_patient',
      cause: 'patient:9',
      patientId: 9,
      assigneeId: null,
    });
    expect(approveStaffTask(12, 2)).toEqual({
      kind: 'approve_staff',
      cause: 'user:12',
      patientId: null,
      assigneeId: 2,
    });
  });
});
