import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/helpers.ts';
import { signedInAdmin, twoClinicsForFile } from '../../../test/patients-support.ts';
import { auditEvents, users } from '../../db/schema.ts';

const { t, call, home, away } = await twoClinicsForFile();
const { id: adminId, token: adminToken } = await signedInAdmin(t, home.clinic.id);

const noticeOf = async (id: number) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.isFeatureNotificationOn;
const noteChanges = () =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'announcement.note_change'), eq(auditEvents.outcome, 'success')));

describe('the initial note', () => {
  it('is published by an admin, audited old → new, and shown again to every clinic’s staff', async () => {
    expect((await call.get('/admin/initial-note', adminToken)).json()).toEqual({
      initial_note: null,
      updated_at: null,
    });
    // Every staff member has dismissed the last note.
    for (const token of [home.therapist.token, away.manager.token]) {
      await call.patch('/user/therapist/cancel-feature-notification', token);
    }
    expect(await noticeOf(away.manager.id)).toBe(false);

    const res = await call.put('/admin/initial-note', adminToken, { initial_note: '  Billing closes on the 3rd.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ initial_note: 'Billing closes on the 3rd.', updated_at: expect.any(String) });
    expect((await call.get('/user/settings-info', home.therapist.token)).json().initial_note).toBe(
      'Billing closes on the 3rd.',
    );
    expect(await noticeOf(home.therapist.id)).toBe(true);
    expect(await noticeOf(away.manager.id)).toBe(true);
    expect(await noteChanges()).toMatchObject([
      {
        actorUserId: adminId,
        detail: { initial_note: { old: null, new: 'Billing closes on the 3rd.' }, is_shown_again: true },
      },
    ]);
  });

  it('changes nothing when sent unchanged, and clears without showing anything', async () => {
    await call.patch('/user/therapist/cancel-feature-notification', home.therapist.token);
    const before = (await noteChanges()).length;
    const same = await call.put('/admin/initial-note', adminToken, { initial_note: 'Billing closes on the 3rd.' });
    expect(same.statusCode, same.body).toBe(200);
    expect(await noteChanges()).toHaveLength(before);
    expect(await noticeOf(home.therapist.id)).toBe(false);

    const cleared = await call.put('/admin/initial-note', adminToken, { initial_note: '   ' });
    expect(cleared.json()).toEqual({ initial_note: null, updated_at: null });
    expect((await call.get('/user/settings-info', home.therapist.token)).json().initial_note).toBeNull();
    expect(await noticeOf(home.therapist.id)).toBe(false);
    expect((await noteChanges()).at(-1)).toMatchObject({
      detail: { initial_note: { old: 'Billing closes on the 3rd.', new: null }, is_shown_again: false },
    });
  });

  it('refuses bad input and everyone but admins, changing nothing', async () => {
    await call.put('/admin/initial-note', adminToken, { initial_note: 'Kept' });
    expectProblem(await call.put('/admin/initial-note', adminToken, { initial_note: 'x'.repeat(2001) }), 400);
    expectProblem(await call.put('/admin/initial-note', adminToken, { initial_note: 42 }), 400);
    expectProblem(await call.put('/admin/initial-note', adminToken, {}), 400);
    for (const token of [home.therapist.token, home.manager.token, home.supervisor.token]) {
      expectProblem(await call.get('/admin/initial-note', token), 403);
      expectProblem(await call.put('/admin/initial-note', token, { initial_note: 'Mine' }), 403);
    }
    expectProblem(await call.get('/admin/initial-note'), 401);
    expect((await call.get('/admin/initial-note', adminToken)).json().initial_note).toBe('Kept');
  });
});
