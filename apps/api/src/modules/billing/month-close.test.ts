import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/hep-support.ts';
import { eventually, rowsOf, type TwoServers, twoServers } from '../../../test/month-close-support.ts';
import { billingFiles, billingMonthCloses, users } from '../../db/schema.ts';
import { monthsToClose } from './month-close.ts';

describe('the months a clinic closes', () => {
  it.each([
    // A clinic closing for the first time closes the month just ended only: no back-fill of the months before.
    ['first time', { lastClosed: null }, '2026-03-02T15:00:00Z', ['2026-02']],
    ['closed last month already', { lastClosed: '2026-02' }, '2026-03-02T15:00:00Z', []],
    // A server away for two month ends closes both when it is back.
    ['away for two month ends', { lastClosed: '2025-12' }, '2026-03-02T15:00:00Z', ['2026-01', '2026-02']],
    ['across the new year', { lastClosed: '2025-11' }, '2026-01-01T09:00:00Z', ['2025-12']],
    // Billing starts in 2025: a clock before it closes nothing.
    ['before billing starts', { lastClosed: null }, '2025-01-15T15:00:00Z', []],
    // 06:30 UTC on April 1 is still March 31 in Los Angeles: March has not ended there yet.
    ['an hour before the month ends', { lastClosed: '2026-02' }, '2026-04-01T06:30:00Z', []],
    ['just after it ends', { lastClosed: '2026-02' }, '2026-04-01T07:00:00Z', ['2026-03']],
  ])('%s', (_, clinic, now, months) => {
    expect(monthsToClose({ timezone: 'America/Los_Angeles', ...clinic }, new Date(now))).toEqual(months);
  });
});

describe('the month-close job on two servers of one database', () => {
  let s: TwoServers;
  let la: Awaited<ReturnType<TwoServers['clinicWithStaff']>>;
  let ny: Awaited<ReturnType<TwoServers['clinicWithStaff']>>;

  const filesOf = (clinicId: number) =>
    s.db
      .select({ month: billingFiles.month, source: billingFiles.source, createdBy: billingFiles.createdBy })
      .from(billingFiles)
      .where(eq(billingFiles.clinicId, clinicId))
      .orderBy(billingFiles.id);
  const generatedFor = async (clinicId: number) =>
    (await auditRows(s.db, 'billing.file_generated')).filter((row) => row.clinicId === clinicId);
  const badges = async (userIds: number[]) =>
    (await s.db.select({ is: users.isNewBillingUploaded }).from(users).where(inArray(users.id, userIds))).map(
      (u) => u.is,
    );
  const closeSent = async (clinicId: number, month: string) => {
    await s.sender.send('billing-month-close', { clinicId, month });
    await eventually(s.isIdle);
  };

  beforeAll(async () => {
    s = await twoServers();
    la = await s.clinicWithStaff('America/Los_Angeles');
    ny = await s.clinicWithStaff('America/New_York');
    // Both servers start at once, each checking at its start which months have ended (the clock: 2026-03-02).
    await s.start();
  });
  afterAll(() => s?.close());

  it("closes each clinic's month just ended once: one file, one audit row, the staff's badge", async () => {
    await eventually(async () => (await s.db.select().from(billingMonthCloses)).length === 2 && (await s.isIdle()));
    for (const { clinic, staff, patient } of [la, ny]) {
      expect(await filesOf(clinic.id)).toEqual([{ month: '2026-02', source: 'generated', createdBy: null }]);
      const [closed] = await s.db.select().from(billingMonthCloses).where(eq(billingMonthCloses.clinicId, clinic.id));
      const generated = await generatedFor(clinic.id);
      expect(generated).toHaveLength(1);
      expect(generated[0]).toMatchObject({ actorUserId: null, detail: { month: '2026-02', file_id: closed!.fileId } });
      expect(await badges(staff.map((u) => u.id))).toEqual([true, true, true]);
      expect(await badges([patient.id])).toEqual([false]);
    }
  });

  it('closes a month once when both servers run its close at the same moment', async () => {
    const { clinic } = await s.clinicWithStaff();
    const month = { clinicId: clinic.id, month: '2026-01' };
    const closed = await Promise.all(s.services.map((service) => service.monthClose.close(month)));
    expect(closed.sort()).toEqual([false, true]);
    // The same close sent twice, unkeyed, so each server's worker takes one: still one file.
    await Promise.all([s.sender.send('billing-month-close', month), s.sender.send('billing-month-close', month)]);
    await eventually(s.isIdle);
    expect(await filesOf(clinic.id)).toHaveLength(1);
    expect(await generatedFor(clinic.id)).toHaveLength(1);
  });

  it('runs a failed close again, from nothing: one file and one audit row in the end', async () => {
    const { clinic } = await s.clinicWithStaff();
    // The database refuses the first billing file stored after this (a sequence is not rolled back with it).
    await s.db.execute(sql`CREATE SEQUENCE billing_test_failures`);
    await s.db.execute(
      sql.raw(`CREATE FUNCTION billing_test_fail_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('billing_test_failures') = 1 THEN RAISE EXCEPTION 'the disk is full'; END IF;
        RETURN NEW;
      END $$`),
    );
    await s.db.execute(
      sql`CREATE TRIGGER billing_test_fail_once BEFORE INSERT ON billing_files FOR EACH ROW EXECUTE FUNCTION billing_test_fail_once()`,
    );
    try {
      await closeSent(clinic.id, '2026-02');
    } finally {
      await s.db.execute(sql`DROP TRIGGER billing_test_fail_once ON billing_files`);
    }
    const [job] = await rowsOf<{ state: string; retry_count: number }>(
      s.db.execute(
        sql`SELECT state, retry_count FROM pgboss.job WHERE name = 'billing-month-close' AND data->>'clinicId' = ${String(clinic.id)}`,
      ),
    );
    expect(job).toEqual({ state: 'completed', retry_count: 1 });
    expect(await filesOf(clinic.id)).toHaveLength(1);
    expect(await generatedFor(clinic.id)).toHaveLength(1);
  });

  it('never closes a month that has not ended in the clinic, and closes it once it has', async () => {
    // 06:30 UTC on April 1: March has ended in New York, not yet in Los Angeles.
    s.clock.advanceMinutes((Date.parse('2026-04-01T06:30:00Z') - s.clock.now().getTime()) / 60_000);
    await closeSent(la.clinic.id, '2026-03');
    await s.sender.send('billing-month-close-due', {});
    await eventually(async () => (await filesOf(ny.clinic.id)).length === 2 && (await s.isIdle()));
    expect((await filesOf(ny.clinic.id)).map((f) => f.month)).toEqual(['2026-02', '2026-03']);
    expect((await filesOf(la.clinic.id)).map((f) => f.month)).toEqual(['2026-02']);

    s.clock.advanceMinutes(60);
    await s.sender.send('billing-month-close-due', {});
    await eventually(async () => (await filesOf(la.clinic.id)).length === 2 && (await s.isIdle()));
    const closes = await s.db
      .select({ month: billingMonthCloses.month })
      .from(billingMonthCloses)
      .where(eq(billingMonthCloses.clinicId, la.clinic.id))
      .orderBy(billingMonthCloses.month);
    expect(closes.map((row) => row.month)).toEqual(['2026-02', '2026-03']);
  });
});
