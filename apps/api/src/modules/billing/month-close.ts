/**
 * Month close (decision 0801): once a clinic's calendar month has ended in the clinic's timezone, its billing file
 * is made, stored and announced to the clinic's staff, exactly once, whichever server runs the job and however
 * often it runs.
 */
import { BILLING_FIRST_MONTH } from '@rehabit/contract';
import type { Db } from '../../db/client.ts';
import { clinicScope, crossClinic } from '../../db/scope.ts';
import { clinicMonthOf } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { dataFor } from '../data-access.ts';
import type { BillingFileMaker } from './billing-file-maker.ts';

export type ClinicMonth = { clinicId: number; month: string };

/** The month after (or, with -1, before) a month `YYYY-MM`. */
export function monthAfter(month: string, step = 1): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, index - 1 + step, 1));
  return date.toISOString().slice(0, 7);
}

/**
 * The months of a clinic to close now: those that ended since its latest closed month. A clinic with none closed
 * yet closes only the month just ended, never the months before it: a new install does not back-fill a year of
 * files (an admin makes an older month's file on demand).
 */
export function monthsToClose(clinic: { timezone: string; lastClosed: string | null }, now: Date): string[] {
  const justEnded = monthAfter(clinicMonthOf(now, clinic.timezone), -1);
  const firstOpen = clinic.lastClosed ? monthAfter(clinic.lastClosed) : justEnded;
  const months: string[] = [];
  for (let month = [firstOpen, BILLING_FIRST_MONTH].sort().at(-1)!; month <= justEnded; month = monthAfter(month)) {
    months.push(month);
  }
  return months;
}

export function createMonthClose({ db, clock, maker }: { db: Db; clock: Clock; maker: BillingFileMaker }) {
  const jobData = dataFor(db, crossClinic('scheduled job'));

  return {
    /** Every clinic's months that have ended and are not closed yet. */
    async dueMonths(): Promise<ClinicMonth[]> {
      const now = clock.now();
      const clinics = await jobData.billingFiles.clinicsWithLastClose();
      return clinics.flatMap((clinic) => monthsToClose(clinic, now).map((month) => ({ clinicId: clinic.id, month })));
    },

    /**
     * Closes one clinic's month in one transaction: the closed month's row first (only the server whose row it is
     * goes on), then the file, its link from the closed month, the staff's badge and the audit row. A failure rolls
     * all of it back, so the job's retry starts from nothing. Answers whether this call closed the month; a month
     * that has not ended in the clinic yet is never closed.
     */
    async close({ clinicId, month }: ClinicMonth): Promise<boolean> {
      // Each clinic's month is closed in that clinic's scope (decision 1340).
      return jobData.within(clinicScope(clinicId)).transaction(async (data) => {
        const repo = data.billingFiles;
        const timezone = await repo.timezoneOf();
        if (!timezone || month >= clinicMonthOf(clock.now(), timezone)) return false;
        if (!(await repo.closeMonth(month))) return false;
        const { info, figures } = await maker.generate(data, month, null);
        await repo.setClosedMonthFile(month, { fileId: info.id, figures, at: clock.now() });
        return true;
      });
    },
  };
}

export type MonthClose = ReturnType<typeof createMonthClose>;
