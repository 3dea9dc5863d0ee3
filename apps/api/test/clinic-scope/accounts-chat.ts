import { roles } from '@rehabit/contract';
import { expect } from 'vitest';
import { createAuditRepository } from '../../src/lib/audit.repository.ts';
import { createOutboxRepository } from '../../src/lib/outbox.repository.ts';
import { createLockoutRepository } from '../../src/modules/auth/lockout.repository.ts';
import { createPasswordResetsRepository } from '../../src/modules/auth/password-resets.repository.ts';
import { createSessionsRepository } from '../../src/modules/auth/sessions.repository.ts';
import { createUsersRepository } from '../../src/modules/auth/users.repository.ts';
import { createChatRepository } from '../../src/modules/chat/chat.repository.ts';
import {
  a,
  accessibleSession,
  b,
  byDesign,
  cover,
  crossClinic,
  findManageable,
  findOwnPatient,
  findPatient,
  guarded,
  notClinicData,
  own,
  scopeA,
  writesOnly,
} from './harness.ts';

export const accountsChatRepositories = {
  audit: cover(createAuditRepository, {
    insert: writesOnly('audit rows, appended; each names the clinic its event belongs to (lib/audit.ts)'),
    insertMany: writesOnly('audit rows, appended; each names the clinic its event belongs to (lib/audit.ts)'),
  }),
  outbox: cover(createOutboxRepository, {
    insert: writesOnly('a message to one recipient, written before it is delivered'),
    markSent: own('the message just written by the same send, by its id'),
    markFailed: own('the message just written by the same send, by its id'),
    latest: byDesign('the demo outbox page: the server’s own machine or a platform admin (decision 0500)'),
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
    create: writesOnly('a reset link for the account that asked'),
    findUsable: own('by user id and token hash: the reset link’s own account'),
    markAllUsed: own('the account whose reset link was just used'),
  }),
  sessions: cover(createSessionsRepository, {
    create: writesOnly('opened at sign-in for the account signing in'),
    findLive: own('by token hash: the session’s own'),
    findLiveByIds: own('the sessions of the server’s own open sockets (sessions.service sessionEnds)'),
    touchMany: own('the sessions of the server’s own open sockets'),
    touch: own('the request’s own session'),
    revoke: own('the request’s own session (sign-out)'),
    revokeAllForUser: guarded(findManageable, ['findManyByIds', 'supervisor/supervisor.service.ts'], findPatient, [
      'findUsable',
      'auth/password-reset.service.ts',
    ]),
  }),
  users: cover(createUsersRepository, {
    findByEmail: byDesign('by e-mail: sign-in, sign-up and password reset name the account themselves'),
    findById: crossClinic(async (r) => {
      expect(await r.findById(b.therapistId, scopeA())).toBeUndefined();
      expect(await r.findById(b.supervisorId, scopeA())).toBeUndefined();
      expect((await r.findById(a.therapistId, scopeA()))?.id).toBe(a.therapistId);
    }),
    findManyByIds: crossClinic(async (r) => {
      const rows = await r.findManyByIds([b.therapistId, b.supervisorId, b.patientUserId, a.therapistId], scopeA());
      expect(rows.map((u) => u.id)).toEqual([a.therapistId]);
    }),
    listStaff: crossClinic(async (r) => {
      const query = { roles: [...roles], page: 1, pageSize: 100 };
      const all = await r.listStaff(scopeA(), query);
      expect(all.rows.map((u) => u.clinicId)).toEqual(all.rows.map(() => a.clinicId));
      expect(all.rows.map((u) => u.id)).toContain(a.therapistId);
      expect(all.count).toBe(all.rows.length);
      expect(await r.listStaff(scopeA(), { ...query, search: b.therapistEmail })).toEqual({ rows: [], count: 0 });
    }),
    insertUnlessTaken: writesOnly('a new account, in the clinic of the patient it signs in for'),
    insert: writesOnly('a new account, in the clinic named at sign-up or by a checked caller'),
    update: guarded(findManageable, ['findUsable', 'auth/password-reset.service.ts']),
    updateMany: guarded(['findManyByIds', 'supervisor/supervisor.service.ts']),
  }),
  chat: cover(createChatRepository, {
    findSession: guarded(['canAccess', 'chat/chat.service.ts']),
    saveMessages: guarded(accessibleSession),
    listSessions: crossClinic(async (r) => {
      const { rows, count } = await r.listSessions({ patientsOfClinic: a.clinicId }, a.therapistId, 1, 100);
      expect(rows.map((row) => row.session.clinicId)).toEqual(rows.map(() => a.clinicId));
      expect(rows.map((row) => row.session.id)).toEqual([a.patientChatId]);
      expect(rows.map((row) => row.lastMessage?.sessionId)).toEqual([a.patientChatId]);
      expect(count).toBe(1);
    }),
    sessionIds: crossClinic(async (r) => {
      const ids = await r.sessionIds([{ patientsOfClinic: a.clinicId }, { supportOf: a.therapistId }]);
      expect(ids.sort((x, y) => x - y)).toEqual([a.patientChatId, a.supportChatId]);
    }),
    insertSession: writesOnly('a conversation of a checked patient (findById in the caller’s clinic) or of the caller'),
    findPatientSession: guarded(
      ['findById', 'chat/chat.service.ts'],
      findOwnPatient('patient-app/patient-app.service.ts'),
    ),
    findSupportSession: own('by staff user id: the caller’s own support conversation'),
    listMessages: guarded(accessibleSession),
    findByClientId: guarded(accessibleSession),
    messagesAfter: guarded(['readableSessionIds', 'chat/chat.service.ts']),
    markRead: guarded(accessibleSession),
  }),
};
