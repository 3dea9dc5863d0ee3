import { roles } from '@rehabit/contract';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditEvents, chatReads, chatSessions, patients } from '../../src/db/schema.ts';
import type { ClinicScope } from '../../src/db/scope.ts';
import { createAuditRepository } from '../../src/lib/audit.repository.ts';
import { createOutboxRepository } from '../../src/lib/outbox.repository.ts';
import { createLockoutRepository } from '../../src/modules/auth/lockout.repository.ts';
import { createPasswordResetsRepository } from '../../src/modules/auth/password-resets.repository.ts';
import { createSessionsRepository } from '../../src/modules/auth/sessions.repository.ts';
import { createUsersRepository } from '../../src/modules/auth/users.repository.ts';
import { createChatRepository } from '../../src/modules/chat/chat.repository.ts';
import {
  a,
  appendOnly,
  b,
  cover,
  crossClinic,
  db,
  notClinicData,
  repoOf,
  type Seeded,
  scopeA,
  scopeB,
} from './harness.ts';

/** The seeded sessions' and reset links' time: live then, for an hour. */
const SEEDED_AT = new Date('2026-03-02T15:00:00Z');
const LATER = new Date('2026-03-02T15:10:00Z');
const IDLE_SINCE = new Date('2026-03-02T14:00:00Z');
const HOUR_ON = new Date('2026-03-02T16:00:00Z');
const sessionToken = (clinic: Seeded) => `clinic-scope-token-${clinic.clinicCode}`;
const resetToken = (clinic: Seeded) => `clinic-scope-reset-${clinic.clinicCode}`;
const newSession = (userId: number, tokenHash: string) => ({
  userId,
  tokenHash,
  kind: 'staff' as const,
  ip: null,
  userAgent: null,
  now: SEEDED_AT,
  expiresAt: HOUR_ON,
});
/** A session as the clinic's own scope finds it by its token (live at the seeded time), or undefined. */
const liveSession = (scope: ClinicScope, tokenHash: string) =>
  repoOf(createSessionsRepository, scope).findLive(tokenHash, LATER, IDLE_SINCE);
const newAccount = (email: string) => ({
  email,
  passwordHash: 'not-a-hash',
  firstName: 'New',
  lastName: 'Account',
  // An approved patient's account: no staff list or pending approval of the other runs counts it.
  role: 'patient' as const,
  approvalStatus: 'approved' as const,
});
const message = (sessionId: number, senderUserId: number, clientId: string) => ({
  sessionId,
  senderUserId,
  body: 'Hello',
  clientId,
  createdAt: LATER,
  byPatient: false,
  audit: { ip: null },
});
const outboxIsNotClinicData =
  'the server’s own delivery record: each message is addressed to an e-mail or a phone and carries no clinic';

export const accountsChatRepositories = {
  audit: cover(createAuditRepository, {
    insert: appendOnly('audit rows, appended; each names the clinic its event belongs to (lib/audit.ts)'),
    insertMany: appendOnly('audit rows, appended; each names the clinic its event belongs to (lib/audit.ts)'),
  }),
  outbox: cover(createOutboxRepository, {
    insert: notClinicData(`${outboxIsNotClinicData}; written before it is delivered`),
    markSent: notClinicData(`${outboxIsNotClinicData}; the outcome of the message the same send just wrote`),
    markFailed: notClinicData(`${outboxIsNotClinicData}; the outcome of the message the same send just wrote`),
    latest: notClinicData(
      `${outboxIsNotClinicData}; read whole by the demo outbox page, for the server’s own machine or a platform admin (decision 0500)`,
    ),
  }),
  lockout: cover(createLockoutRepository, {
    failuresSince: notClinicData('sign-in failures by account key, counted before any clinic is known'),
    clientFailuresSince: notClinicData('sign-in failures by address, to any account'),
    isFamiliar: notClinicData('the addresses an account key signed in from'),
    recordFailure: notClinicData('sign-in failures by account key'),
    succeeded: notClinicData('sign-in failures and addresses by account key'),
    clear: notClinicData('sign-in failures by account key'),
  }),
  passwordResets: cover(createPasswordResetsRepository, {
    create: crossClinic(async (r) => {
      await r.create(b.therapistId, 'clinic-scope-reset-new-b', SEEDED_AT, HOUR_ON);
      await r.create(a.supervisorId, 'clinic-scope-reset-new-a', SEEDED_AT, HOUR_ON);
      const inB = repoOf(createPasswordResetsRepository, scopeB());
      expect(await inB.findUsable(b.therapistId, 'clinic-scope-reset-new-b', LATER)).toBeUndefined();
      expect(await inB.findUsable(a.supervisorId, 'clinic-scope-reset-new-a', LATER)).toBeUndefined();
      const inA = repoOf(createPasswordResetsRepository, scopeA());
      expect((await inA.findUsable(a.supervisorId, 'clinic-scope-reset-new-a', LATER))?.userId).toBe(a.supervisorId);
    }),
    findUsable: crossClinic(async (r) => {
      expect(await r.findUsable(b.therapistId, resetToken(b), LATER)).toBeUndefined();
      expect((await r.findUsable(a.therapistId, resetToken(a), LATER))?.userId).toBe(a.therapistId);
    }),
    markAllUsed: crossClinic(async (r) => {
      await r.markAllUsed(b.therapistId, LATER);
      const inB = repoOf(createPasswordResetsRepository, scopeB());
      expect((await inB.findUsable(b.therapistId, resetToken(b), LATER))?.usedAt).toBeNull();
      // A's own link is used up: the supervisor's, so that the therapist's stays for the other runs.
      await r.create(a.supervisorId, 'clinic-scope-reset-used-a', SEEDED_AT, HOUR_ON);
      await r.markAllUsed(a.supervisorId, LATER);
      expect(await r.findUsable(a.supervisorId, 'clinic-scope-reset-used-a', LATER)).toBeUndefined();
    }),
  }),
  sessions: cover(createSessionsRepository, {
    create: crossClinic(async (r) => {
      await r.create(newSession(b.therapistId, 'clinic-scope-token-new-b'));
      await r.create(newSession(a.supervisorId, 'clinic-scope-token-new-a'));
      expect(await liveSession(scopeB(), 'clinic-scope-token-new-b')).toBeUndefined();
      expect(await liveSession(scopeB(), 'clinic-scope-token-new-a')).toBeUndefined();
      expect((await liveSession(scopeA(), 'clinic-scope-token-new-a'))?.userId).toBe(a.supervisorId);
    }),
    findLive: crossClinic(async (r) => {
      expect(await r.findLive(sessionToken(b), LATER, IDLE_SINCE)).toBeUndefined();
      expect((await r.findLive(sessionToken(a), LATER, IDLE_SINCE))?.userId).toBe(a.therapistId);
    }),
    findLiveByIds: crossClinic(async (r) => {
      const bId = (await liveSession(scopeB(), sessionToken(b)))!.sessionId;
      const aId = (await liveSession(scopeA(), sessionToken(a)))!.sessionId;
      const rows = await r.findLiveByIds([bId, aId], LATER, IDLE_SINCE);
      expect(rows.map((row) => row.sessionId)).toEqual([aId]);
    }),
    touchMany: crossClinic(async (r) => {
      const before = (await liveSession(scopeB(), sessionToken(b)))!;
      const aId = (await liveSession(scopeA(), sessionToken(a)))!.sessionId;
      await r.touchMany([before.sessionId, aId], LATER);
      expect((await liveSession(scopeB(), sessionToken(b)))?.lastSeenAt).toEqual(before.lastSeenAt);
      expect((await liveSession(scopeA(), sessionToken(a)))?.lastSeenAt).toEqual(LATER);
    }),
    touch: crossClinic(async (r) => {
      const before = (await liveSession(scopeB(), sessionToken(b)))!;
      await r.touch(before.sessionId, LATER);
      expect((await liveSession(scopeB(), sessionToken(b)))?.lastSeenAt).toEqual(before.lastSeenAt);
    }),
    revoke: crossClinic(async (r) => {
      await r.revoke((await liveSession(scopeB(), sessionToken(b)))!.sessionId, LATER);
      expect(await liveSession(scopeB(), sessionToken(b))).toBeDefined();
      await r.create(newSession(a.supervisorId, 'clinic-scope-token-revoked-a'));
      await r.revoke((await liveSession(scopeA(), 'clinic-scope-token-revoked-a'))!.sessionId, LATER);
      expect(await liveSession(scopeA(), 'clinic-scope-token-revoked-a')).toBeUndefined();
    }),
    revokeAllForUser: crossClinic(async (r) => {
      await r.revokeAllForUser(b.therapistId, LATER);
      expect(await liveSession(scopeB(), sessionToken(b))).toBeDefined();
      await r.create(newSession(a.supervisorId, 'clinic-scope-token-all-a'));
      await r.revokeAllForUser(a.supervisorId, LATER);
      expect(await liveSession(scopeA(), 'clinic-scope-token-all-a')).toBeUndefined();
    }),
  }),
  users: cover(createUsersRepository, {
    findByEmail: crossClinic(async (r) => {
      expect(await r.findByEmail(b.therapistEmail)).toBeUndefined();
      expect((await r.findByEmail(a.therapistEmail))?.id).toBe(a.therapistId);
    }),
    findById: crossClinic(async (r) => {
      expect(await r.findById(b.therapistId)).toBeUndefined();
      expect(await r.findById(b.supervisorId)).toBeUndefined();
      expect((await r.findById(a.therapistId))?.id).toBe(a.therapistId);
    }),
    findManyByIds: crossClinic(async (r) => {
      const rows = await r.findManyByIds([b.therapistId, b.supervisorId, b.patientUserId, a.therapistId]);
      expect(rows.map((u) => u.id)).toEqual([a.therapistId]);
    }),
    listStaff: crossClinic(async (r) => {
      const query = { roles: [...roles], page: 1, pageSize: 100 };
      const all = await r.listStaff(query);
      expect(all.rows.map((u) => u.clinicId)).toEqual(all.rows.map(() => a.clinicId));
      expect(all.rows.map((u) => u.id)).toContain(a.therapistId);
      expect(all.count).toBe(all.rows.length);
      expect(await r.listStaff({ ...query, search: b.therapistEmail })).toEqual({ rows: [], count: 0 });
    }),
    insertUnlessTaken: crossClinic(async (r) => {
      await r.insertUnlessTaken(newAccount('clinic-scope-unless-taken@example.test'));
      expect((await r.findByEmail('clinic-scope-unless-taken@example.test'))?.clinicId).toBe(a.clinicId);
      expect(await repoOf(createUsersRepository, scopeB()).findByEmail('clinic-scope-unless-taken@example.test')).toBe(
        undefined,
      );
      // B's e-mail is taken: B's account stays as it was, and A gets none.
      await r.insertUnlessTaken(newAccount(b.therapistEmail));
      expect((await repoOf(createUsersRepository, scopeB()).findByEmail(b.therapistEmail))?.id).toBe(b.therapistId);
      expect(await r.findByEmail(b.therapistEmail)).toBeUndefined();
    }),
    insert: crossClinic(async (r) => {
      const id = await r.insert(newAccount('clinic-scope-insert@example.test'));
      expect((await r.findById(id))?.clinicId).toBe(a.clinicId);
      expect(await repoOf(createUsersRepository, scopeB()).findById(id)).toBeUndefined();
    }),
    update: crossClinic(async (r) => {
      await r.update(b.therapistId, { isNewBillingUploaded: true, firstName: 'Changed' });
      expect(await repoOf(createUsersRepository, scopeB()).findById(b.therapistId)).toMatchObject({
        isNewBillingUploaded: false,
        firstName: 'Jamie',
      });
      await r.update(a.pendingId, { isNewBillingUploaded: true });
      expect((await r.findById(a.pendingId))?.isNewBillingUploaded).toBe(true);
    }),
    updateMany: crossClinic(async (r) => {
      await r.updateMany([b.therapistId, a.pendingId], { isFeatureNotificationOn: false });
      expect((await repoOf(createUsersRepository, scopeB()).findById(b.therapistId))?.isFeatureNotificationOn).toBe(
        true,
      );
      expect((await r.findById(a.pendingId))?.isFeatureNotificationOn).toBe(false);
    }),
  }),
  chat: cover(createChatRepository, {
    findSession: crossClinic(async (r) => {
      expect(await r.findSession(b.patientChatId)).toBeUndefined();
      expect(await r.findSession(b.supportChatId)).toBeUndefined();
      expect((await r.findSession(a.patientChatId))?.clinicId).toBe(a.clinicId);
    }),
    saveMessages: crossClinic(async (r) => {
      const saved = await r.saveMessages([
        message(b.patientChatId, b.therapistId, 'clinic-scope-save-b'),
        message(a.patientChatId, a.therapistId, 'clinic-scope-save-a'),
      ]);
      expect(saved.map((m) => m?.sessionId)).toEqual([undefined, a.patientChatId]);
      const inB = repoOf(createChatRepository, scopeB());
      expect(await inB.findByClientId(b.patientChatId, b.therapistId, 'clinic-scope-save-b')).toBeUndefined();
      expect((await inB.listMessages(b.patientChatId, 1, 100)).count).toBe(1);
      // The audit event of A's message names A.
      const events = await db
        .select({ clinicId: auditEvents.clinicId, patientId: auditEvents.patientId })
        .from(auditEvents)
        .where(
          sql`${auditEvents.action} = 'chat.send' and ${auditEvents.detail}->>'message_id' = ${String(saved[1]!.id)}`,
        );
      expect(events).toEqual([{ clinicId: a.clinicId, patientId: a.patientId }]);
    }),
    listSessions: crossClinic(async (r) => {
      const { rows, count } = await r.listSessions({ allPatients: true }, a.therapistId, 1, 100, { now: new Date() });
      expect(rows.map((row) => row.session.id)).toEqual([a.patientChatId]);
      expect(rows.map((row) => row.lastMessage?.sessionId)).toEqual([a.patientChatId]);
      expect(count).toBe(1);
      const support = await r.listSessions({ allSupport: true }, a.therapistId, 1, 100, { now: new Date() });
      expect(support.rows.map((row) => row.session.clinicId)).toEqual(support.rows.map(() => a.clinicId));
      expect(support.rows.map((row) => row.session.id)).toContain(a.supportChatId);
      expect(await r.listSessions({ supportOf: b.therapistId }, a.therapistId, 1, 100, { now: new Date() })).toEqual({
        rows: [],
        count: 0,
        audited: false,
      });
      expect(await r.listSessions({ id: b.patientChatId }, a.therapistId, 1, 100, { now: new Date() })).toEqual({
        rows: [],
        count: 0,
        audited: false,
      });
    }),
    sessionIds: crossClinic(async (r) => {
      const ids = await r.sessionIds([
        { allPatients: true },
        { supportOf: a.therapistId },
        { supportOf: b.therapistId },
        { id: b.patientChatId },
      ]);
      expect(ids.sort((x, y) => x - y)).toEqual([a.patientChatId, a.supportChatId]);
      const support = await r.sessionIds([{ allSupport: true }]);
      expect(support).toContain(a.supportChatId);
      expect(support).not.toContain(b.supportChatId);
    }),
    insertSession: crossClinic(async (r) => {
      // B's staff member and a patient of B, neither with a conversation yet: A's repository opens none for them.
      await r.insertSession({ kind: 'support', staffUserId: b.supervisorId });
      const [patientOfB] = await db
        .insert(patients)
        .values({
          clinicId: b.clinicId,
          firstName: 'Without',
          lastName: 'Conversation',
          phone: '5550109999',
          birthday: '1970-01-01',
          status: 'removed',
        })
        .returning({ id: patients.id });
      await r.insertSession({ kind: 'patient', patientId: patientOfB!.id });
      const opened = await db
        .select()
        .from(chatSessions)
        .where(or(eq(chatSessions.staffUserId, b.supervisorId), eq(chatSessions.patientId, patientOfB!.id)));
      expect(opened).toEqual([]);
      // A's own staff member's conversation opens in A.
      await r.insertSession({ kind: 'support', staffUserId: a.supervisorId });
      expect((await r.findSupportSession(a.supervisorId))?.clinicId).toBe(a.clinicId);
      expect(await repoOf(createChatRepository, scopeB()).findSupportSession(a.supervisorId)).toBeUndefined();
    }),
    findPatientSession: crossClinic(async (r) => {
      expect(await r.findPatientSession(b.patientId)).toBeUndefined();
      expect((await r.findPatientSession(a.patientId))?.id).toBe(a.patientChatId);
    }),
    findSupportSession: crossClinic(async (r) => {
      expect(await r.findSupportSession(b.therapistId)).toBeUndefined();
      expect((await r.findSupportSession(a.therapistId))?.id).toBe(a.supportChatId);
    }),
    listMessages: crossClinic(async (r) => {
      expect(await r.listMessages(b.patientChatId, 1, 100)).toEqual({
        rows: [],
        hasMore: false,
        count: 0,
        isCountCapped: false,
      });
      expect((await r.listMessages(a.patientChatId, 1, 100)).rows.length).toBeGreaterThan(0);
    }),
    findByClientId: crossClinic(async (r) => {
      await repoOf(createChatRepository, scopeB()).saveMessages([
        message(b.patientChatId, b.therapistId, 'clinic-scope-find-b'),
      ]);
      await r.saveMessages([message(a.patientChatId, a.therapistId, 'clinic-scope-find-a')]);
      expect(await r.findByClientId(b.patientChatId, b.therapistId, 'clinic-scope-find-b')).toBeUndefined();
      expect((await r.findByClientId(a.patientChatId, a.therapistId, 'clinic-scope-find-a'))?.body).toBe('Hello');
    }),
    messagesAfter: crossClinic(async (r) => {
      const rows = await r.messagesAfter([b.patientChatId, b.supportChatId, a.patientChatId], 0, 100);
      expect(new Set(rows.map((row) => row.sessionId))).toEqual(new Set([a.patientChatId]));
    }),
    markRead: crossClinic(async (r) => {
      // Read by the supervisors, who have no read position yet in either clinic.
      await r.markRead(b.patientChatId, b.supervisorId);
      await r.markRead(a.patientChatId, a.supervisorId);
      const reads = await db
        .select({ sessionId: chatReads.sessionId })
        .from(chatReads)
        .where(inArray(chatReads.userId, [a.supervisorId, b.supervisorId]));
      expect(reads).toEqual([{ sessionId: a.patientChatId }]);
    }),
  }),
};
