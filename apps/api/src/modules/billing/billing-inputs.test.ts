import { computeBillingUnits } from '@rehabit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BilledClinics, billedClinics } from '../../../test/billing-support.ts';
import { clinicScope } from '../../db/scope.ts';
import { dataFor } from '../data-access.ts';
import { createBillingInputs } from './billing-inputs.ts';

let c: BilledClinics;

beforeAll(async () => {
  c = await billedClinics();
});
afterAll(() => c.t.close());

describe('billing inputs', () => {
  it('reads episodes, data days, sessions and calls in the clinic calendar, and nothing of another clinic', async () => {
    // 2026-01-05 08:00 UTC is still 2026-01-05 00:00 in Los Angeles; the discharge 2026-02-01 07:00 UTC is Jan 31 there.
    const id = await c.inEpisode('2026-01-05T08:00:00Z', { end: '2026-02-01T07:00:00Z' });
    await c.readings(id, 'painlevel', ['2026-01-05', '2026-01-06']);
    await c.readings(id, 'steps', ['2026-01-06']);
    await c.readings(id, 'heart_rate', ['2026-01-07']);
    await c.outcomes(id, ['2026-01-08']);
    // An evaluation staff entered is not patient-generated: never a data day.
    await c.outcomes(id, ['2026-01-09', '2026-01-10'], 'staff');
    // 23:30 on Jan 31 in Los Angeles is Feb 1 in UTC: still January's.
    await c.session(id, '2026-02-01T07:30:00Z', 600);
    await c.pastCall(id, { date: '2026-01-20', kind: 'phone', minutes: 12 });
    const away = await c.inEpisode('2026-01-05T08:00:00Z', { clinic: c.away });
    await c.readings(away, 'painlevel', ['2026-01-05'], c.away);

    const inputs = createBillingInputs(dataFor(c.db, clinicScope(c.home.clinic.id)));
    const [found, ...others] = await inputs.inputsOf({ clinicId: c.home.clinic.id, until: '2026-01-31' });
    expect(others).toEqual([]);
    expect(found?.patientId).toBe(id);
    const input = found!.input;
    expect(input.timezone).toBe('America/Los_Angeles');
    expect(input.episodes).toEqual([{ start: '2026-01-05', end: '2026-01-31' }]);
    // Heart rate is a physiological reading: never read as a data day.
    expect(input.dataEvents.map((e) => e.kind).sort()).toEqual(['pain', 'pain', 'prom', 'steps']);
    expect(input.monitoredSessions).toEqual([
      { at: '2026-02-01T07:30:00.000Z', seconds: 600, staff: c.home.therapist.id },
    ]);
    expect(input.calls).toHaveLength(1);
    expect(found!.calls).toEqual([{ date: '2026-01-20', minutes: 12, userId: c.home.therapist.id }]);

    // Four data days (Jan 5–8) in the window cut short on Jan 31: 98985 and set-up; 10 + 12 = 22 minutes with a call.
    expect(computeBillingUnits(input, '2026-01').map((b) => [b.code, b.units, b.dateOfService])).toEqual([
      ['98975', 1, '2026-01-31'],
      ['98980', 1, '2026-01-31'],
      ['98985', 1, '2026-01-31'],
    ]);
  });

  it('bills a month whose only live call was a video visit exactly as one with a phone call (decision 1375)', async () => {
    const units = async (kind: 'phone' | 'video') => {
      const id = await c.inEpisode('2026-03-02T08:00:00Z');
      await c.readings(id, 'painlevel', ['2026-03-03']);
      // 15 monitored minutes and the month's live call of 5 minutes: 20 minutes with a call, one 98980.
      await c.session(id, '2026-03-10T17:00:00Z', 900);
      await c.pastCall(id, { date: '2026-03-11', kind, minutes: 5 });
      const inputs = createBillingInputs(dataFor(c.db, clinicScope(c.home.clinic.id)));
      const found = (await inputs.inputsOf({ clinicId: c.home.clinic.id, until: '2026-03-31' })).find(
        (p) => p.patientId === id,
      )!;
      return computeBillingUnits(found.input, '2026-03').map((b) => [b.code, b.units]);
    };
    const byVideo = await units('video');
    expect(byVideo).toContainEqual(['98980', 1]);
    expect(byVideo).toEqual(await units('phone'));
  });
});
