/**
 * Announcements (decisions 0103 and 1031): the platform's initial note, shown once on the patient list until dismissed,
 * and the "New" pills on the menu entries of features released in the last FEATURE_NEW_DAYS days. Both show while
 * the user's `is_feature_notification_on`, which `cancel-feature-notification` turns off (decision 1032).
 */
import { z } from 'zod';
import { daysBetween } from './calendar.ts';
import { defineEndpoints } from './endpoint.ts';

/** How long a released feature carries its "New" pill. */
export const FEATURE_NEW_DAYS = 30;

/**
 * The features released to staff, by the menu entry that opens them, with the day they shipped (from the project's
 * history). One list: the menu's pills read it, nothing else says what is new.
 */
export const featureReleases = [
  /** Staff pay on the Balances screen: each staff member's monitored time, calls and pay for the month. */
  { key: 'balances', released_on: '2026-11-27' },
  /** The therapist dashboard: the month's figures and the task panel. */
  { key: 'dashboard', released_on: '2026-11-27' },
  /** The referral program: inviting a colleague by e-mail. */
  { key: 'referral', released_on: '2026-11-27' },
] as const satisfies readonly { key: string; released_on: string }[];
export type FeatureKey = (typeof featureReleases)[number]['key'];

/** A feature released on `releasedOn` is new on `today` (both `YYYY-MM-DD`) for FEATURE_NEW_DAYS days from then. */
export const isRecentRelease = (releasedOn: string, today: string): boolean => {
  const age = daysBetween(releasedOn, today);
  return age >= 0 && age < FEATURE_NEW_DAYS;
};

/** The menu keys that carry a "New" pill on `today` for a user whose feature notices are on or off. */
export const newFeatureKeys = (
  today: string,
  isNotificationOn: boolean,
  releases: readonly { key: string; released_on: string }[] = featureReleases,
): Set<string> =>
  new Set(isNotificationOn ? releases.filter((r) => isRecentRelease(r.released_on, today)).map((r) => r.key) : []);

export const INITIAL_NOTE_MAX = 2000;

export const initialNoteSchema = z.object({
  /** null: no note; staff see nothing. */
  initial_note: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type InitialNote = z.infer<typeof initialNoteSchema>;

/** The note's new text; empty (or spaces) clears it. */
export const initialNoteBodySchema = z.object({
  initial_note: z
    .string()
    .trim()
    .max(INITIAL_NOTE_MAX, { error: `At most ${INITIAL_NOTE_MAX} characters` }),
});
export type InitialNoteBody = z.infer<typeof initialNoteBodySchema>;

export const announcementEndpoints = defineEndpoints('admin', {
  /** The platform's initial note as staff see it. */
  initialNote: {
    method: 'GET',
    path: '/admin/initial-note',
    access: 'announcements.manage',
    status: 200,
    response: initialNoteSchema,
  },
  /**
   * Replaces the note (empty clears it). A changed, non-empty note is shown again to every staff member: their
   * feature notices are turned back on (decision 1032).
   */
  updateInitialNote: {
    method: 'PUT',
    path: '/admin/initial-note',
    access: 'announcements.manage',
    body: initialNoteBodySchema,
    status: 200,
    response: initialNoteSchema,
    audit: { change: 'announcement.note_change' },
  },
});
