import {
  type BannerFacts,
  type BannerKey,
  type BannerSnooze,
  bannerCauses,
  canBillRtm,
  liveSnoozes,
  type PatientBanners,
  rtmStatusOf,
  shownBanners,
  snoozeEndOf,
} from '@rehabit/contract';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, patientAudit } from '../../lib/audit.ts';
import { localDateOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { createBillingInputs, openEpisodeFacts } from '../billing/billing-inputs.ts';
import type { Caller } from '../data-access.ts';
import { patientScope, requirePatient } from '../patients/patient-access.ts';
import type { PatientWithClinicDay } from '../patients/patients.repository.ts';
import { createBannersRepository } from './banners.repository.ts';

type Deps = { db: Db; clock: Clock; audit: AuditLog };

/**
 * The banners of the patient dashboard (decision 0900): the facts read on the clinic's calendar day (the billing
 * inputs give calls, data days, consent and the RTM status, so banners and billing never disagree), the contract's
 * rules decide, and each staff member's snoozes hide what they snoozed.
 */
export function createBannersService({ db, clock, audit }: Deps) {
  const inputs = createBillingInputs(db);
  /** The banners of a patient found in the caller's scope are kept in the patient's clinic (decision 1340). */
  const repoOf = (patient: { clinicId: number }) => createBannersRepository(db, patientScope(patient));

  async function factsOf(patient: PatientWithClinicDay): Promise<BannerFacts> {
    const today = localDateOf(clock.now(), patient.timezone);
    const lastChange = await repoOf(patient).lastProgramChange(patient.id);
    const lastProgramChange = lastChange ? localDateOf(lastChange, patient.timezone) : null;
    const [found] = await inputs.inputsOf({ clinicId: patient.clinicId, until: today, patientIds: [patient.id] });
    const open = found && openEpisodeFacts(found);
    if (!found || !open || patient.status !== 'onboarded') {
      return {
        today,
        onboardedOn: null,
        hasLiveCallThisMonth: false,
        canBillRtm: false,
        lastDataDay: null,
        lastProgramChange,
        hasConsent: false,
        isCloseToThreshold: false,
      };
    }
    const { input } = found;
    return {
      today,
      ...open,
      canBillRtm: canBillRtm(input),
      lastProgramChange,
      hasConsent: input.hasConsent,
      isCloseToThreshold: rtmStatusOf(input, today).is_close,
    };
  }

  async function snoozesOf(actor: Caller, patient: { id: number; clinicId: number }): Promise<BannerSnooze[]> {
    const rows = await repoOf(patient).snoozesOf(patient.id, actor.id);
    return rows.map((r) => ({
      banner: r.banner as BannerKey,
      snoozed_until: r.snoozedUntil.toISOString(),
      cause: r.cause,
    }));
  }

  return {
    /** The banners to show now and the caller's live snoozes of the patient; another clinic's is not found. */
    async ofPatient(actor: Caller, patientId: number, ctx: RequestContext): Promise<PatientBanners> {
      const patient = await requirePatient(audit, actor, patientId, 'banner.read', ctx);
      const facts = await factsOf(patient);
      const now = clock.now();
      const snoozes = await snoozesOf(actor, patient);
      await patientAudit(audit).success(actor, 'banner.read', patient, ctx);
      return {
        today: facts.today,
        banners: shownBanners(facts, snoozes, now),
        snoozes: liveSnoozes(snoozes, facts, now),
      };
    },

    /** Hides one banner from the caller for 7 days from now, for its cause of now; again extends it. */
    async snooze(actor: Caller, patientId: number, banner: BannerKey, ctx: RequestContext): Promise<BannerSnooze> {
      const patient = await requirePatient(audit, actor, patientId, 'banner.snooze', ctx);
      const facts = await factsOf(patient);
      const cause = bannerCauses(facts)[banner];
      const snoozedUntil = snoozeEndOf(clock.now());
      await db.transaction(async (tx) => {
        await createBannersRepository(tx, patientScope(patient)).upsert({
          patientId: patient.id,
          userId: actor.id,
          banner,
          snoozedUntil,
          cause,
        });
        await patientAudit(audit).success(actor, 'banner.snooze', patient, ctx, { banner, cause }, tx);
      });
      return { banner, snoozed_until: snoozedUntil.toISOString(), cause };
    },
  };
}
export type BannersService = ReturnType<typeof createBannersService>;
