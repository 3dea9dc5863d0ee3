import { DEFAULT_PAGE_WINDOW } from './pagination.ts';

/** Pure rules of the reusable interface pieces (decision 1310); total pages is `totalPages` in pagination. */

export type PageWindow = {
  /** Page numbers shown around the current page, in order. */
  pages: number[];
  showFirst: boolean;
  showLeadingEllipsis: boolean;
  showLast: boolean;
  showTrailingEllipsis: boolean;
  canGoPrevious: boolean;
  canGoNext: boolean;
};

/**
 * The numbered window around the current (1-based) page. The first-page link and leading ellipsis
 * show when the window does not start at page 1; the last-page link and trailing ellipsis show when
 * it ends before the last page.
 */
export function pageWindow(currentPage: number, pageCount: number, windowSize = DEFAULT_PAGE_WINDOW): PageWindow {
  const total = Math.max(0, Math.floor(pageCount));
  if (total === 0) {
    return {
      pages: [],
      showFirst: false,
      showLeadingEllipsis: false,
      showLast: false,
      showTrailingEllipsis: false,
      canGoPrevious: false,
      canGoNext: false,
    };
  }
  const current = Math.min(Math.max(1, Math.floor(currentPage)), total);
  const start = Math.max(1, current - windowSize);
  const end = Math.min(total, current + windowSize);
  const pages: number[] = [];
  for (let page = start; page <= end; page++) pages.push(page);
  return {
    pages,
    showFirst: start > 1,
    showLeadingEllipsis: start > 1,
    showLast: end < total,
    showTrailingEllipsis: end < total,
    canGoPrevious: current > 1,
    canGoNext: current < total,
  };
}

/** A page change is honoured only inside 1..total and when it actually moves. */
export const isValidPageChange = (target: number, currentPage: number, pageCount: number) =>
  Number.isInteger(target) && target >= 1 && target <= pageCount && target !== currentPage;

export const BADGE_SIZES = ['big', 'normal'] as const;
export type BadgeSize = (typeof BADGE_SIZES)[number];
export const DEFAULT_BADGE_X_OFFSET = '0px';
export const DEFAULT_BADGE_Y_OFFSET = '-20px';
const PIXEL_OFFSET = /^-?\d+px$/;

/** An unknown size falls back to normal. */
export const badgeSize = (size: unknown): BadgeSize => (size === 'big' ? 'big' : 'normal');

/** Offsets are an optionally negative integer followed by 'px'; anything else takes the default. */
export const badgeOffset = (value: unknown, fallback: string) =>
  typeof value === 'string' && PIXEL_OFFSET.test(value) ? value : fallback;

export const badgeOffsets = (x?: unknown, y?: unknown) => ({
  x: badgeOffset(x, DEFAULT_BADGE_X_OFFSET),
  y: badgeOffset(y, DEFAULT_BADGE_Y_OFFSET),
});

/** Elapsed time as minutes and seconds ('1m 5s'), seconds only under a minute ('45s'). */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes > 0 ? `${minutes}m ${rest}s` : `${rest}s`;
}

/** The monitored patient is shown by first name and the initial of the last name (decision 1310). */
export function monitoringDisplayName(patient: { first_name: string; last_name: string }): string {
  const first = patient.first_name.trim();
  const initial = patient.last_name.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

export const DROPDOWN_MAX_HEIGHT_PX = 275;
export const DROPDOWN_DEFAULT_LABEL = 'Please select';
export const TYPEAHEAD_RESET_MS = 350;
export const MODAL_Z_INDEX = 100;
export const MODAL_CONTENT_Z_OFFSET = 10;
export const MOBILE_MAX_WIDTH_PX = 768;
export const DATE_DISPLAY_FORMAT = 'MMM D, YYYY';
export const TOAST_LIMIT = 5;
export const TOAST_AUTO_CLOSE_MS = 5000;

/**
 * Type-ahead: the option to move to for the typed prefix. Looks from the option after the active one
 * so repeating one letter cycles through options that start with it.
 */
export function typeaheadMatch(labels: readonly string[], query: string, activeIndex: number): number {
  const needle = query.toLowerCase();
  if (!needle || labels.length === 0) return -1;
  const isRepeatedLetter = needle.length > 1 && [...needle].every((char) => char === needle[0]);
  const search = isRepeatedLetter ? needle[0]! : needle;
  const from = isRepeatedLetter || needle.length === 1 ? activeIndex + 1 : Math.max(activeIndex, 0);
  for (let step = 0; step < labels.length; step++) {
    const index = (from + step) % labels.length;
    if (labels[index]!.toLowerCase().startsWith(search)) return index;
  }
  return -1;
}

const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** A user-agent match for common mobile devices, or a window narrower than 768 px (decision 1310). */
export const isMobileDevice = (userAgent: string, windowWidth: number) =>
  MOBILE_USER_AGENT.test(userAgent) || windowWidth < MOBILE_MAX_WIDTH_PX;

/** The date picker positions itself differently at 768 px or less (decision 1310). */
export const isNarrowForDatePicker = (windowWidth: number) => windowWidth <= MOBILE_MAX_WIDTH_PX;
