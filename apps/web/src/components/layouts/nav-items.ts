import { type Action, can, type Role } from '@rehabit/contract';
import { paths } from '@web/config/paths.ts';
import {
  BarChart3,
  Building2,
  ClipboardList,
  Gift,
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  Megaphone,
  MessageSquare,
  ScrollText,
  Settings,
  UserCog,
  Users,
  Video,
} from 'lucide-react';

export type NavKey =
  | 'patients'
  | 'dashboard'
  | 'exercise-library'
  | 'chat'
  | 'tasks'
  | 'balances'
  | 'referral'
  | 'therapists'
  | 'clinics'
  | 'clinic-settings'
  | 'audit-log'
  | 'video-requests'
  | 'announcements';

export type NavItem = {
  key: NavKey;
  label: string;
  /** Short label for the phone's bottom menu. */
  shortLabel: string;
  href: string;
  icon: LucideIcon;
  /** Route patterns under which the entry shows as current. */
  activeOn: readonly string[];
  /** What the entry's screen is for: the roles the permission table gives it see the entry, as the server allows. */
  action: Action;
  /** Carries the round '1' while a new billing file waits. */
  hasBillingBadge?: boolean;
};

export const navItems: readonly NavItem[] = [
  {
    key: 'patients',
    label: 'Patients',
    shortLabel: 'Patients',
    href: paths.patients.getHref(),
    icon: Users,
    activeOn: [paths.patients.path, paths.patientDashboard.path],
    action: 'patients.read',
  },
  {
    key: 'dashboard',
    label: 'Dashboard',
    shortLabel: 'Dashboard',
    href: paths.dashboard.getHref(),
    icon: LayoutDashboard,
    activeOn: [paths.dashboard.path],
    action: 'dashboard.read',
  },
  {
    key: 'exercise-library',
    label: 'Exercise library',
    shortLabel: 'Library',
    href: paths.exerciseLibrary.getHref(),
    icon: Video,
    activeOn: [
      paths.exerciseLibrary.path,
      paths.exerciseUpload.path,
      paths.exerciseEdit.path,
      paths.programTemplates.path,
    ],
    action: 'videos.manage',
  },
  {
    key: 'chat',
    label: 'Chat',
    shortLabel: 'Chat',
    href: paths.chat.getHref(),
    icon: MessageSquare,
    activeOn: [paths.chat.path, paths.chatMessages.path],
    action: 'chat.staff',
  },
  {
    key: 'tasks',
    label: 'Tasks',
    shortLabel: 'Tasks',
    href: paths.tasks.getHref(),
    icon: ClipboardList,
    activeOn: [],
    action: 'tasks.work',
  },
  {
    key: 'balances',
    label: 'Balances',
    shortLabel: 'Balances',
    href: paths.balances.getHref(),
    icon: BarChart3,
    activeOn: [paths.balances.path],
    action: 'balances.read',
    hasBillingBadge: true,
  },
  {
    key: 'referral',
    label: 'Referral',
    shortLabel: 'Referral',
    href: paths.referral.getHref(),
    icon: Gift,
    activeOn: [paths.referral.path],
    action: 'referral.send',
  },
  {
    key: 'therapists',
    label: 'Therapists',
    // The bottom menu's entries are a fifth of a 360 px screen wide.
    shortLabel: 'Staff',
    href: paths.therapistList.getHref(),
    icon: UserCog,
    activeOn: [paths.therapistList.path],
    // Everyone can look up the clinic's staff; supervisors and admins also decide on sign-ups there.
    action: 'staff.read',
  },
  {
    key: 'clinics',
    label: 'Clinics',
    shortLabel: 'Clinics',
    href: paths.adminClinics.getHref(),
    icon: Building2,
    activeOn: [paths.adminClinics.path, paths.adminClinic.path],
    action: 'platform.clinics',
  },
  {
    key: 'clinic-settings',
    label: 'Clinic settings',
    shortLabel: 'Settings',
    href: paths.clinicSettings.getHref(),
    icon: Settings,
    activeOn: [paths.clinicSettings.path],
    action: 'clinic.settings',
  },
  {
    key: 'audit-log',
    label: 'Audit log',
    shortLabel: 'Audit',
    href: paths.auditLog.getHref(),
    icon: ScrollText,
    activeOn: [paths.auditLog.path],
    action: 'audit.read',
  },
  {
    key: 'video-requests',
    label: 'Video requests',
    shortLabel: 'Requests',
    href: paths.adminVideoRequests.getHref(),
    icon: Inbox,
    activeOn: [paths.adminVideoRequests.path],
    action: 'library.manage',
  },
  {
    key: 'announcements',
    label: 'Announcements',
    shortLabel: 'News',
    href: paths.adminAnnouncements.getHref(),
    icon: Megaphone,
    activeOn: [paths.adminAnnouncements.path],
    action: 'announcements.manage',
  },
];

export const navItemsFor = (role: Role) => navItems.filter((item) => can(role, item.action));

// Supervisors' own work (approvals) comes before the library they rarely use; for the rest of the
// staff the library is the daily tool and the staff list a look-up in the full menu.
const bottomMenuPreference = (role: Role): readonly NavKey[] =>
  can(role, 'staff.manage')
    ? ['patients', 'dashboard', 'chat', 'therapists', 'exercise-library']
    : ['patients', 'dashboard', 'chat', 'exercise-library'];
export const BOTTOM_MENU_DIRECT_ENTRIES = 4;

/** The phone's bottom menu: four direct entries, the fifth opens the full menu. */
export function bottomMenuItems(items: readonly NavItem[], role: Role): NavItem[] {
  const preferred = bottomMenuPreference(role).flatMap((key) => items.filter((item) => item.key === key));
  const rest = items.filter((item) => !preferred.includes(item));
  return [...preferred, ...rest].slice(0, BOTTOM_MENU_DIRECT_ENTRIES);
}
