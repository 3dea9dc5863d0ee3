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
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, patientAudit } from '../../lib/audit.ts';
import { localDateOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { createBillingInputs, openEpisodeFacts } from '../billing/billing-inputs.ts';
import type { Caller, TxData } from '../data-access.ts';
import { patientScope, requirePatient } from '../patients/patient-access.ts';
import type { PatientWithClinicDay } from '../patients/patients.repository.ts';

type Deps = { clock: Clock; audit: AuditLog };

/**
 * The banners of the patient dashboard (decision 0900): the facts read on the clinic's calendar day (the billing
 * inputs give calls, data days, consent and the RTM status, so banners and billing never disagree), the contract's
 * rules decide, and each staff member's snoozes hide what they snoozed.
 */
export function createBannersService({ clock, audit }: Deps) {
  /** The banners of a patient found in the caller's scope are kept in the patient's clinic (decision 1340). */
  const patientDataOf = (actor: Caller, patient: { clinicId: number }) => actor.data.within(patientScope(patient));

  /** The facts of the patient, read in the data access of the patient's clinic. */
  async function factsOf(data: TxData, patient: PatientWithClinicDay): Promise<BannerFacts> {
    const today = localDateOf(clock.now(), patient.timezone);
    const lastChange = await data.banners.lastProgramChange(patient.id);
    const lastProgramChange = lastChange ? localDateOf(lastChange, patient.timezone) : null;
    const [found] = await createBillingInputs(data).inputsOf({
      clinicId: patient.clinicId,
      until: today,
      patientIds: [patient.id],
    });
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
    const rows = await patientDataOf(actor, patient).banners.snoozesOf(patient.id, actor.id);
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
      const facts = await factsOf(patientDataOf(actor, patient), patient);
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
      const patientData = patientDataOf(actor, patient);
      const facts = await factsOf(patientData, patient);
      const cause = bannerCauses(facts)[banner];
      const snoozedUntil = snoozeEndOf(clock.now());
      await patientData.transaction(async (data) => {
        await data.banners.upsert({
          patientId: patient.id,
          userId: actor.id,
          banner,
          snoozedUntil,
          cause,
        });
        await patientAudit(audit).success(actor, 'banner.snooze', patient, ctx, { banner, cause }, data.db);
      });
      return { banner, snoozed_until: snoozedUntil.toISOString(), cause };
    },
  };
}
export type BannersService = ReturnType<typeof createBannersService>;
