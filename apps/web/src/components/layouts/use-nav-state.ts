import { matchPath, useLocation } from 'react-router';
import type { NavItem } from './nav-items.ts';

/** Whether a nav entry is the current place. */
export function useIsNavItemActive() {
  const { pathname } = useLocation();
  return (item: NavItem) => item.activeOn.some((pattern) => matchPath(pattern, pathname) !== null);
}
