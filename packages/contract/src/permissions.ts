import type { ApprovalStatus, Role } from './roles.ts';

const staff = ['therapist', 'manager', 'supervisor', 'admin'] as const;
const clinicStaff = ['therapist', 'manager', 'supervisor'] as const;
const staffManagers = ['supervisor', 'admin'] as const;

/**
 * Who may do what (decisions 0600 and 1305). The API's pre-handlers, the web's route guards, navigation and
 * buttons all ask `can`; no other role list exists. Which rows an action reaches is the clinic scope's job.
 */
export const permissions = {
  /** Patient list, dashboard, progress and functional data. */
  'patients.read': staff,
  /** Register, edit, onboard, discharge, re-onboard, change therapist, RTM coverage. */
  'patients.manage': staff,
  'patients.remove': ['manager', 'supervisor', 'admin'],
  /** Home exercise programs, the interaction log and functional data entries. */
  'programs.edit': staff,
  /**
   * Any template shared with the clinic, whoever made it: renaming, editing, retiring (decision 1400). Its owner may
   * too, and a private template is its owner's alone.
   */
  'templates.clinic': ['manager', 'supervisor', 'admin'],
  /** The clinic's video library: upload, edit, folders, sharing, asking for a missing exercise. */
  'videos.manage': staff,
  /** Any video of one's own clinic, whoever uploaded it: the clinic's supervisor tidies its library (decision 0200). */
  'videos.clinic': staffManagers,
  /** Any video or folder, the global library's and every clinic's, whoever uploaded or made it (decision 0200). */
  'videos.any': ['admin'],
  /** The global exercise library and the queue of HEP requests. */
  'library.manage': ['admin'],
  /** Messages of a chat session: staff, and patients in their own sessions. */
  'chat.use': [...staff, 'patient'],
  /** The staff's chat screens: session lists, opening a session (support for all, patients as below). */
  'chat.staff': staff,
  /** Chat with patients, beside support. */
  'chat.patients': ['therapist', 'manager'],
  /**
   * Answering support: every staff member's support conversation, and its room's messages (decision 0007). The
   * rest of the staff each have their own conversation with support.
   */
  'support.answer': ['admin'],
  /** The clinic's staff list, treating therapists included. */
  'staff.read': staff,
  /** Approvals and access of staff, and who supervises the clinic. */
  'staff.manage': staffManagers,
  /** The supervisor's own account. */
  'supervisor.profile': ['supervisor'],
  /**
   * Being the one supervisor a clinic points at (decision 0003): signing in with the clinic's code, and handing the
   * role over, which gives it up.
   */
  'clinic.supervise': ['supervisor'],
  /** The clinic's own details. */
  'clinic.read': staff,
  /** Being monitored on a patient (RTM time): clinicians of a clinic; managers never are, admins are not clinic staff. */
  'monitoring.record': ['therapist', 'supervisor'],
  /**
   * The audit CSV of a whole clinic month (every patient's sessions and calls): those who bill and sign billing off.
   * One patient's month and its CSV are `patients.read`.
   */
  'monitoring.export': ['manager', 'supervisor'],
  /** Billing units, the yearly chart and the month's billing file (decisions 0801 and 0804). */
  'billing.read': staff,
  /** The clinic's billing settings: timezone, rates, rendering staff's NPI and assistant flags. */
  'billing.settings': staffManagers,
  /** Making a month's billing file again, or replacing it with a corrected one. */
  'billing.files': ['admin'],
  /**
   * Logging a call older than the 7 days anyone may go back, as a correction (decision 1282): the clinic's
   * supervisor, who also signs billing off and so sees what a late call changes.
   */
  'calls.correct': ['supervisor'],
  /** Signing a closed billing month off, which freezes it (decision 1210): the clinic's supervisor only. */
  'billing.sign_off': ['supervisor'],
  'dashboard.read': clinicStaff,
  /**
   * Choosing whose figures the dashboard counts: a treating therapist's, or the whole clinic's (decision 0910).
   * Therapists see their own; the API answers a `therapist_id` from any reader of the dashboard.
   */
  'dashboard.clinic': ['manager', 'supervisor'],
  'tasks.work': clinicStaff,
  /**
   * The whole clinic's tasks, by default, beside one's own and the unassigned ones, which are all a therapist sees
   * (decision 0902).
   */
  'tasks.clinic': ['manager', 'supervisor'],
  'balances.read': staff,
  /** Every staff member's balance of the clinic; a therapist reads their own row only. */
  'balances.clinic': ['manager', 'supervisor', 'admin'],
  'referral.send': ['therapist', 'manager'],
  /** Whether e-mail and text messages really leave the platform. */
  'platform.delivery': ['admin'],
  /**
   * The demo outbox from anywhere, one-time codes and reset links included (decision 0500); a person at the
   * server's own machine reads it without signing in.
   */
  'platform.outbox': ['admin'],
  /** The patient's own app: today's exercises, readings, progress and chat. */
  'patient-app.use': ['patient'],
  /** The clinic's own details (name, address, NPI, TIN): its supervisor, or an admin for any clinic. */
  'clinic.settings': staffManagers,
  /** Every clinic of the platform: listing, creating one with its supervisor, the support account. */
  'platform.clinics': ['admin'],
  /**
   * Every clinic's data at once: the clinic scope of platform staff is the whole platform (`scopeOf`), and they
   * choose the clinic a screen or a billing call is about (decision 1150). Everyone else sees their own clinic.
   */
  'clinics.all': ['admin'],
  /** The audit log: a supervisor's own clinic's (decision 1022), any clinic's for an admin. */
  'audit.read': staffManagers,
  /** The platform's announcement to every staff member (the initial note). */
  'announcements.manage': ['admin'],
  /**
   * Starting a video visit with a patient (decision 1375): the clinicians who are monitored on patients. A visit is the
   * clinician's own live call, measured and logged for them; office managers and platform admins hold none.
   */
  'visits.start': ['therapist', 'supervisor'],
  /** Taking part in a visit one is a side of: its clinician, or the patient answering on their phone (decision 1375). */
  'visits.join': ['therapist', 'supervisor', 'patient'],
  /** A patient's default exercise reminders, until the patient chooses their own (decision 1350). */
  'reminders.manage': staff,
  /**
   * The clinic month's FHIR bulk export, every patient in care at once (decision 1440): those who answer for the
   * clinic's records; an admin for the clinic they choose.
   */
  'fhir.bulk_export': staffManagers,
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof permissions;
export const actions = Object.keys(permissions) as Action[];

export const can = (role: Role, action: Action): boolean => (permissions[action] as readonly Role[]).includes(role);

// Rules that need the object as well as the role.

/** Roles that can be a patient's treating therapist. */
export const isTreatingRole = (role: Role) => role === 'therapist' || role === 'supervisor';

/** Staff a patient can be handed to: therapists and supervisors who are approved and may sign in. */
export const canTreatPatients = (member: { role: Role; status: ApprovalStatus; has_access: boolean }) =>
  isTreatingRole(member.role) && member.status === 'approved' && member.has_access;

/** Staff whose approval and access a supervisor decides on: therapists and office managers. */
export const isManageableStaff = (member: { role: Role }) => member.role === 'therapist' || member.role === 'manager';
