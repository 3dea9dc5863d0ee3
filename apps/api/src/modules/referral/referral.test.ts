import { REFERRAL_DAILY_CAP, type Referral, referralEndpoints } from '@rehabit/contract';
import { and, desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeClinic, makeUser } from '../../../test/factories.ts';
import { expectProblem, staffToken } from '../../../test/helpers.ts';
import { type StaffedClinic, twoClinicsForFile } from '../../../test/patients-support.ts';
import { auditEvents, outbox, referrals, users } from '../../db/schema.ts';

const sendPath = referralEndpoints.sendEmail.path;
const listPath = referralEndpoints.list.path;
const signupUrl = 'http://rehabit.test/therapist-signup';

let counter = 0;
const colleague = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    email: `colleague.${counter}.${Date.now()}@example.test`,
    action_url: signupUrl,
    first_name: 'Nora',
    last_name: `Field ${String.fromCharCode(97 + (counter % 26)).toUpperCase()}.`,
    ...overrides,
  };
};

async function send(token: string, body: Record<string, unknown>): Promise<Referral> {
  const res = await c.call.post(sendPath, token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function list(token: string, query = ''): Promise<{ count: number; next: number | null; results: Referral[] }> {
  const res = await c.call.get(`${listPath}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The newest e-mail to an address, as the outbox keeps it. */
async function latestEmailTo(email: string) {
  const [row] = await c.t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, email))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row;
}

/** The sign-up link of the invitation e-mailed to an address. */
async function linkSentTo(email: string) {
  const body = (await latestEmailTo(email))!.body;
  return new URL(/https?:\/\/\S+/.exec(body)![0]);
}

const signup = (body: Record<string, unknown>) => c.call.post('/clinic/therapist/signup', undefined, body);
const signupBody = (invited: { email: string }, code: string, referral?: string) => ({
  email: invited.email,
  password: 'a-long-new-password',
  first_name: 'Nora',
  last_name: 'Field',
  role: 'therapist',
  code,
  ...(referral === undefined ? {} : { referral }),
});

const rowOf = async (id: number) => (await c.t.database.db.select().from(referrals).where(eq(referrals.id, id)))[0]!;
const auditOf = (
  action: 'referral.send' | 'referral.signed_up' | 'referral.approved' | 'referral.list',
  actor: number,
) =>
  c.t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.actorUserId, actor)));

const signIn = (email: string) => staffToken(c.t.app, email);

/** A therapist of its own, so one test's invitations never count against another's cap or list. */
async function freshTherapist(clinic: StaffedClinic) {
  const user = await makeUser(c.t.database.db, clinic.clinic.id, { role: 'therapist' });
  return { ...user, token: await signIn(user.email) };
}

const later = (instant: string, minutes: number) => new Date(Date.parse(instant) + minutes * 60_000).toISOString();

const c = await twoClinicsForFile();

describe('sending an invitation', () => {
  it('stores it, e-mails a sign-up link of this portal with the code and the clinic, and audits it', async () => {
    const body = colleague({ email: '  Nora.Field@Example.TEST ', first_name: ' Nora ' });
    const sent = await send(c.home.therapist.token, body);
    expect(sent).toMatchObject({
      email: 'nora.field@example.test',
      first_name: 'Nora',
      status: 'invited',
      invited_at: '2026-03-02T15:00:00.000Z',
      expires_at: '2026-04-01T15:00:00.000Z',
      signed_up_at: null,
      approved_at: null,
    });
    const mail = (await latestEmailTo('nora.field@example.test'))!;
    expect(mail.status).toBe('queued');
    // Rehabit's own words first; the people and the clinic only in quoted, labelled fields (decision 1265).
    expect(mail.subject).toBe('A colleague invites you to Rehabit');
    expect(mail.body).toMatch(/^You are invited to join Rehabit/);
    expect(mail.body).toMatch(/\nInvitation for: "Nora Field [A-Z]\."\nInvited by: "Jamie Tester\w+"\n/);
    expect(mail.body).toContain(`Clinic: "Clinic ${c.home.clinic.code}"`);
    const link = await linkSentTo('nora.field@example.test');
    expect(`${link.origin}${link.pathname}`).toBe(signupUrl);
    expect(link.searchParams.get('code')).toBe(c.home.clinic.code);
    const code = link.searchParams.get('referral')!;
    expect(code.length).toBeGreaterThanOrEqual(40);
    // Only the code's hash is kept.
    expect(JSON.stringify(await rowOf(sent.id))).not.toContain(code);
    const [audit] = await auditOf('referral.send', c.home.therapist.id);
    expect(audit).toMatchObject({ clinicId: c.home.clinic.id, detail: { referral_id: sent.id } });
  });

  it('lets office managers invite too', async () => {
    await send(c.home.manager.token, colleague());
  });

  it('refuses bad input per field and stores nothing', async () => {
    const before = (await list(c.home.therapist.token)).count;
    const bad = expectProblem(
      await c.call.post(sendPath, c.home.therapist.token, {
        email: 'not-an-address',
        action_url: 'nope',
        first_name: ' ',
      }),
      400,
      'validation_failed',
    );
    expect(Object.keys(bad.errors!).sort()).toEqual(['action_url', 'email', 'first_name', 'last_name']);
    expect(bad.errors!.email).toEqual(['Enter a valid e-mail address']);
    // A name is printed in the e-mail: a link or a sentence in its place is refused.
    const phishing = expectProblem(
      await c.call.post(sendPath, c.home.therapist.token, {
        ...colleague(),
        first_name: 'Nora, your account is locked: visit https://evil.example',
      }),
      400,
      'validation_failed',
    );
    expect(Object.keys(phishing.errors!)).toEqual(['first_name']);
    expect((await list(c.home.therapist.token)).count).toBe(before);
  });

  it('takes names with accents, apostrophes and hyphens', async () => {
    const sent = await send(c.home.therapist.token, colleague({ first_name: 'Zoë-Ann', last_name: "O'Brien Núñez" }));
    expect(sent).toMatchObject({ first_name: 'Zoë-Ann', last_name: "O'Brien Núñez" });
  });

  it('refuses a sign-up page anywhere but this portal, so no e-mail points away', async () => {
    const body = colleague({ action_url: 'https://evil.example/therapist-signup' });
    const res = expectProblem(await c.call.post(sendPath, c.home.therapist.token, body), 400, 'validation_failed');
    expect(res.errors!.action_url![0]).toContain('http://rehabit.test');
    expect(await latestEmailTo(body.email)).toBeUndefined();
  });

  it('builds the link itself: another path or query on this portal never reaches the e-mail', async () => {
    const body = colleague({ action_url: 'http://rehabit.test/login?next=https://evil.example' });
    await send(c.home.therapist.token, body);
    const link = await linkSentTo(body.email);
    expect(link.pathname).toBe('/therapist-signup');
    expect([...link.searchParams.keys()].sort()).toEqual(['code', 'referral']);
  });

  it('refuses an address that already has an account, with a clear message', async () => {
    const res = expectProblem(
      await c.call.post(sendPath, c.home.therapist.token, colleague({ email: c.away.therapist.email })),
      409,
      'conflict',
    );
    expect(res.errors!.email![0]).toBe(
      `${c.away.therapist.email} already has a Rehabit account, so there is nothing to invite them to.`,
    );
  });

  it('keeps one open invitation per address, whoever sends it, until it expires', async () => {
    const body = colleague();
    await send(c.home.therapist.token, body);
    for (const token of [c.home.therapist.token, c.away.manager.token]) {
      const res = expectProblem(await c.call.post(sendPath, token, body), 409, 'conflict');
      expect(res.detail).toBe(
        `${body.email} already has an open invitation, valid until April 1, 2026. One invitation at a time.`,
      );
    }
  });

  it('sends the e-mails of restricted demo accounts nowhere', async () => {
    const restricted = await makeClinic(c.t.database.db, { code: 'X5218' });
    const user = await makeUser(c.t.database.db, restricted.id, { role: 'therapist' });
    const body = colleague();
    await send(await signIn(user.email), body);
    expect((await latestEmailTo(body.email))!.status).toBe('suppressed');
  });

  it('refuses other roles and callers who are signed out', async () => {
    expectProblem(await c.call.post(sendPath, c.home.supervisor.token, colleague()), 403, 'forbidden');
    expectProblem(await c.call.get(listPath, c.home.supervisor.token), 403, 'forbidden');
    expectProblem(await c.call.post(sendPath, undefined, colleague()), 401);
    expectProblem(await c.call.get(listPath), 401);
  });
});

describe('the daily cap', () => {
  it(`stops a sender after ${REFERRAL_DAILY_CAP} invitations in 24 hours`, async () => {
    const sender = await freshTherapist(c.home);
    for (let i = 0; i < REFERRAL_DAILY_CAP; i += 1) await send(sender.token, colleague());
    const refused = colleague();
    const res = expectProblem(await c.call.post(sendPath, sender.token, refused), 429, 'rate_limited');
    expect(res.detail).toContain(`${REFERRAL_DAILY_CAP} invitations in the last 24 hours`);
    expect(await latestEmailTo(refused.email)).toBeUndefined();
    // Colleagues have their own cap.
    await send(c.home.manager.token, colleague());
  });
});

describe('the list of one’s invitations', () => {
  it('shows the caller’s own invitations, newest first, paginated, never a colleague’s or another clinic’s', async () => {
    const sender = await freshTherapist(c.away);
    const first = await send(sender.token, colleague());
    c.t.clock.advanceSeconds(1);
    const second = await send(sender.token, colleague());
    await send(c.away.manager.token, colleague());
    const page = await list(sender.token, '?page_size=1');
    expect(page).toMatchObject({ count: 2, next: 2 });
    expect(page.results.map((r) => r.id)).toEqual([second.id]);
    expect((await list(sender.token, '?page=2&page_size=1')).results.map((r) => r.id)).toEqual([first.id]);
    const home = await list(c.home.therapist.token, '?page_size=100');
    expect(home.results.map((r) => r.id)).not.toContain(first.id);
    expect((await auditOf('referral.list', sender.id)).length).toBe(2);
    expectProblem(await c.call.get(`${listPath}?page_size=101`, sender.token), 400, 'validation_failed');
  });
});

describe('an invited colleague’s steps', () => {
  // These tests move the clock past the sessions' idle limit: everyone signs in again.
  beforeEach(async () => {
    for (const clinic of [c.home, c.away]) {
      for (const user of [clinic.therapist, clinic.manager, clinic.supervisor]) user.token = await signIn(user.email);
    }
  });

  it('goes invited → signed up (with the link) → approved by the supervisor, with the date of each step', async () => {
    const sender = await freshTherapist(c.home);
    const body = colleague();
    const sent = await send(sender.token, body);
    const link = await linkSentTo(body.email);
    c.t.clock.advanceMinutes(20);
    const res = await signup(signupBody(body, link.searchParams.get('code')!, link.searchParams.get('referral')!));
    expect(res.statusCode, res.body).toBe(201);
    const [signedUp] = (await list(sender.token)).results;
    expect(signedUp).toMatchObject({ id: sent.id, status: 'signed_up', signed_up_at: later(sent.invited_at, 20) });
    const [account] = await c.t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(await auditOf('referral.signed_up', account!.id)).toHaveLength(1);

    // A rejection is not an approval.
    const decide = (status: string) =>
      c.call.patch('/clinic/supervisor/approval', c.home.supervisor.token, { user_id: account!.id, status });
    expect((await decide('rejected')).statusCode).toBe(200);
    expect((await list(sender.token)).results[0]!.status).toBe('signed_up');
    c.t.clock.advanceMinutes(5);
    expect((await decide('approved')).statusCode).toBe(200);
    expect((await list(sender.token)).results[0]).toMatchObject({
      status: 'approved',
      approved_at: later(sent.invited_at, 25),
    });
    const [approval] = await auditOf('referral.approved', c.home.supervisor.id);
    expect(approval).toMatchObject({ detail: { referral_id: sent.id, from: 'signed_up', to: 'approved' } });
  });

  it('counts a sign-up at another clinic than the sender’s', async () => {
    const body = colleague();
    const sent = await send(c.home.therapist.token, body);
    const code = (await linkSentTo(body.email)).searchParams.get('referral')!;
    expect((await signup(signupBody(body, c.away.clinic.code, code))).statusCode).toBe(201);
    expect((await rowOf(sent.id)).status).toBe('signed_up');
    // The step is in the log of the clinic the account joined, never the sender's: that clinic's log would name
    // another clinic's staff member.
    const [account] = await c.t.database.db.select().from(users).where(eq(users.email, body.email));
    const [step] = await auditOf('referral.signed_up', account!.id);
    expect(step).toMatchObject({ clinicId: c.away.clinic.id, detail: { referral_id: sent.id } });
  });

  it('counts a colleague who signs up at the invited address without the link', async () => {
    const body = colleague();
    const sent = await send(c.home.therapist.token, body);
    expect((await signup(signupBody(body, c.home.clinic.code))).statusCode).toBe(201);
    expect((await rowOf(sent.id)).status).toBe('signed_up');
  });

  it('refuses a code used for another address, a used code, and an unknown one, creating no account', async () => {
    const body = colleague();
    const sent = await send(c.home.therapist.token, body);
    const code = (await linkSentTo(body.email)).searchParams.get('referral')!;
    const other = { email: `someone.else.${Date.now()}@example.test` };
    const wrongAddress = expectProblem(await signup(signupBody(other, c.home.clinic.code, code)), 400);
    expect(wrongAddress.errors!.email![0]).toMatch(/sent to another e-mail address/);
    const unknown = expectProblem(await signup(signupBody(other, c.home.clinic.code, 'made-up-code')), 400);
    expect(unknown.errors!.referral![0]).toMatch(/expired or was already used/);
    expect(await c.t.database.db.select().from(users).where(eq(users.email, other.email))).toEqual([]);
    expect((await rowOf(sent.id)).status).toBe('invited');

    expect((await signup(signupBody(body, c.home.clinic.code, code))).statusCode).toBe(201);
    const again = { email: `third.${Date.now()}@example.test` };
    expectProblem(await signup(signupBody(again, c.home.clinic.code, code)), 400);
  });

  it('lets an invitation expire after 30 days, so the address can be invited again', async () => {
    const body = colleague();
    const old = await send(c.away.therapist.token, body);
    const code = (await linkSentTo(body.email)).searchParams.get('referral')!;
    c.t.clock.advanceMinutes(31 * 24 * 60);
    const sender = await signIn(c.away.therapist.email);
    expect((await list(sender)).results.find((r) => r.id === old.id)!.status).toBe('expired');
    expectProblem(await signup(signupBody(body, c.away.clinic.code, code)), 400);
    const renewed = await send(sender, body);
    expect(renewed.status).toBe('invited');
    expect((await rowOf(old.id)).status).toBe('expired');
  });
});
