import type { Role } from '@rehabit/contract';
import {
  BarChart3,
  ClipboardList,
  Gift,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  UserCog,
  Users,
  Video,
} from 'lucide-react';
import { paths } from '../../config/paths.ts';

export type NavKey =
  | 'patients'
  | 'dashboard'
  | 'exercise-library'
  | 'chat'
  | 'tasks'
  | 'balances'
  | 'referral'
  | 'therapists';

export type NavItem = {
  key: NavKey;
  label: string;
  /** Short label for the phone's bottom menu. */
  shortLabel: string;
  href: string;
  icon: LucideIcon;
  /** Route patterns under which the entry shows as current. */
  activeOn: readonly string[];
  /** Roles that see the entry; the server enforces the same split. */
  roles: readonly Role[];
  /** Carries the round '1' while a new billing file waits. */
  hasBillingBadge?: boolean;
  /** Carries the 'New' pill while feature notifications are on. */
  isNewFeature?: boolean;
};

const staff: readonly Role[] = ['therapist', 'manager', 'supervisor', 'admin'];
const clinicStaff: readonly Role[] = ['therapist', 'manager', 'supervisor'];

export const navItems: readonly NavItem[] = [
  {
    key: 'patients',
    label: 'Patients',
    shortLabel: 'Patients',
    href: paths.patients.getHref(),
    icon: Users,
    activeOn: [paths.patients.path, paths.patientDashboard.path],
    roles: staff,
  },
  {
    key: 'dashboard',
    label: 'Dashboard',
    shortLabel: 'Dashboard',
    href: paths.dashboard.getHref(),
    icon: LayoutDashboard,
    activeOn: [paths.dashboard.path],
    roles: clinicStaff,
  },
  {
    key: 'exercise-library',
    label: 'Exercise library',
    shortLabel: 'Library',
    href: paths.exerciseLibrary.getHref(),
    icon: Video,
    activeOn: [paths.exerciseLibrary.path, paths.exerciseUpload.path, paths.exerciseEdit.path],
    roles: staff,
  },
  {
    key: 'chat',
    label: 'Chat',
    shortLabel: 'Chat',
    href: paths.chat.getHref(),
    icon: MessageSquare,
    activeOn: [paths.chat.path, paths.chatMessages.path],
    roles: staff,
  },
  {
    key: 'tasks',
    label: 'Tasks',
    shortLabel: 'Tasks',
    href: paths.tasks.getHref(),
    icon: ClipboardList,
    activeOn: [],
    roles: clinicStaff,
  },
  {
    key: 'balances',
    label: 'Balances',
    shortLabel: 'Balances',
    href: paths.balances.getHref(),
    icon: BarChart3,
    activeOn: [paths.balances.path],
    roles: staff,
    hasBillingBadge: true,
  },
  {
    key: 'referral',
    label: 'Referral',
    shortLabel: 'Referral',
    href: paths.referral.getHref(),
    icon: Gift,
    activeOn: [paths.referral.path],
    roles: ['therapist', 'manager'],
    isNewFeature: true,
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
    roles: staff,
  },
];

export const navItemsFor = (role: Role) => navItems.filter((item) => item.roles.includes(role));

// Supervisors' own work (approvals) comes before the library they rarely use; for the rest of the
// staff the library is the daily tool and the staff list a look-up in the full menu.
const managesStaff = (role: Role) => role === 'supervisor' || role === 'admin';
const bottomMenuPreference = (role: Role): readonly NavKey[] =>
  managesStaff(role)
    ? ['patients', 'dashboard', 'chat', 'therapists', 'exercise-library']
    : ['patients', 'dashboard', 'chat', 'exercise-library'];
export const BOTTOM_MENU_DIRECT_ENTRIES = 4;

/** The phone's bottom menu: four direct entries, the fifth opens the full menu. */
export function bottomMenuItems(items: readonly NavItem[], role: Role): NavItem[] {
  const preferred = bottomMenuPreference(role).flatMap((key) => items.filter((item) => item.key === key));
  const rest = items.filter((item) => !preferred.includes(item));
  return [...preferred, ...rest].slice(0, BOTTOM_MENU_DIRECT_ENTRIES);
}
