/**
 * Banners on the patient dashboard (decision 0900): what needs doing for a patient now, each snoozable
 * for `BANNER_SNOOZE_DAYS` by one staff member. A snooze remembers the cause it hid (its fingerprint: the month of a
 * missing call, the last data day, …), so a new cause shows the banner again before the snooze ends. Pure: the API
 * gives the facts on the clinic's calendar day.
 */
import { z } from 'zod';
import { daysBetween } from './calendar.ts';
import { idSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { NO_DATA_DAYS } from './patient-status.ts';

export const bannerKeys = ['no_call', 'no_data', 'program_stale', 'no_consent', 'billing_close'] as const;
export type BannerKey = (typeof bannerKeys)[number];

export const BANNER_SNOOZE_DAYS = 7;
/** Days without a change of the home program before "program not updated" shows. */
export const BANNER_PROGRAM_STALE_DAYS = 30;

/** What the banners are decided from, on `today`, the clinic's calendar day. */
export type BannerFacts = {
  today: string;
  /** Onboarded (in monitoring) today, and since which day of the current episode; banners concern only them. */
  onboardedOn: string | null;
  hasLiveCallThisMonth: boolean;
  /** Covered for RTM and consented: only then is a missing call a banner (decision 1240). */
  canBillRtm: boolean;
  lastDataDay: string | null;
  /** The last day an exercise of the program was added, changed or deleted. */
  lastProgramChange: string | null;
  hasConsent: boolean;
  /** `is_close` of the patient's RTM status today. */
  isCloseToThreshold: boolean;
};

/**
 * Each banner's cause as a fingerprint, whether it applies or not: a snooze hides the banner only while the
 * fingerprint stays the same (a new month, a data day that came and went, a program change are new causes).
 */
export function bannerCauses(facts: BannerFacts): Record<BannerKey, string> {
  const month = facts.today.slice(0, 7);
  return {
    no_call: month,
    no_data: facts.lastDataDay ?? `none-since-${facts.onboardedOn ?? ''}`,
    program_stale: facts.lastProgramChange ?? `none-since-${facts.onboardedOn ?? ''}`,
    no_consent: 'missing',
    billing_close: month,
  };
}

export type AppliedBanner = { banner: BannerKey; cause: string };

/** The banners that apply today, in `bannerKeys` order. */
export function applyingBanners(facts: BannerFacts): AppliedBanner[] {
  const onboardedOn = facts.onboardedOn;
  if (!onboardedOn) return [];
  const causes = bannerCauses(facts);
  // Without any data or program yet, the days count from onboarding.
  const daysSince = (day: string | null) => daysBetween(day ?? onboardedOn, facts.today);
  const applies: Record<BannerKey, boolean> = {
    no_call: facts.canBillRtm && !facts.hasLiveCallThisMonth,
    no_data: daysSince(facts.lastDataDay) >= NO_DATA_DAYS,
    program_stale: daysSince(facts.lastProgramChange) >= BANNER_PROGRAM_STALE_DAYS,
    no_consent: !facts.hasConsent,
    billing_close: facts.isCloseToThreshold,
  };
  return bannerKeys.filter((key) => applies[key]).map((banner) => ({ banner, cause: causes[banner] }));
}

export type BannerSnooze = { banner: BannerKey; snoozed_until: string; cause: string };

/** A snooze hides its banner until it ends, and only while the banner's cause is the one it was made for. */
export function liveSnoozes(snoozes: readonly BannerSnooze[], facts: BannerFacts, now: Date): BannerSnooze[] {
  const causes = bannerCauses(facts);
  return snoozes.filter((s) => Date.parse(s.snoozed_until) > now.getTime() && causes[s.banner] === s.cause);
}

/** The banners to show: those that apply, less those the caller snoozed for the same cause. */
export function shownBanners(facts: BannerFacts, snoozes: readonly BannerSnooze[], now: Date): AppliedBanner[] {
  const hidden = new Set(liveSnoozes(snoozes, facts, now).map((s) => s.banner));
  return applyingBanners(facts).filter((b) => !hidden.has(b.banner));
}

/** When a snooze made `now` ends. */
export const snoozeEndOf = (now: Date) => new Date(now.getTime() + BANNER_SNOOZE_DAYS * 86_400_000);

export const bannerSnoozeSchema = z.object({
  banner: z.enum(bannerKeys),
  snoozed_until: z.string(),
  cause: z.string(),
});

export const patientBannersSchema = z.object({
  /** The clinic's calendar day the banners were decided on. */
  today: z.string(),
  /** The banners to show now: those that apply, less the caller's live snoozes. */
  banners: z.array(z.object({ banner: z.enum(bannerKeys), cause: z.string() })),
  /** The caller's live snoozes of this patient. */
  snoozes: z.array(bannerSnoozeSchema),
});
export type PatientBanners = z.infer<typeof patientBannersSchema>;

export const bannerPatientParamsSchema = z.object({ patientId: idSchema });
export const bannerSnoozeParamsSchema = z.object({
  patientId: idSchema,
  banner: z.enum(bannerKeys, { error: 'No such banner' }),
});

export const bannerEndpoints = defineEndpoints('patients', {
  /** The caller's live snoozes of a patient and the banners to show now (decision 0900), in one call. */
  snoozes: {
    method: 'GET',
    path: '/user/therapist/banners/:patientId/snoozes',
    access: 'patients.read',
    audit: { read: 'banner.read' },
    params: bannerPatientParamsSchema,
    status: 200,
    response: patientBannersSchema,
  },
  /** Hides one banner of a patient from the caller for 7 days; snoozing again extends from now. */
  snooze: {
    method: 'POST',
    path: '/user/therapist/banners/:patientId/:banner/snooze',
    access: 'patients.read',
    audit: { change: 'banner.snooze' },
    params: bannerSnoozeParamsSchema,
    status: 200,
    response: bannerSnoozeSchema,
  },
});
