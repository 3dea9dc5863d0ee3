import type { ChatSession, SendChatMessageBody } from '@rehabit/contract';
import { can, chatEndpoints, chatEvents, chatFreshness, isPatientRole, toPage } from '@rehabit/contract';
import { clinicIdOf, clinicScope, narrowTo } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, noteAudited, noteNothingChanged } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { groupCalls } from '../../lib/group-calls.ts';
import { type Realtime, userRoom } from '../../realtime/socket-server.ts';
import type { Caller, Data } from '../data-access.ts';
import { callStatusFrom } from '../patients/contact-status.repository.ts';
import { ownPatientOf } from '../patients/patient-access.ts';
import {
  type NewMessage,
  type SavedMessage,
  type SessionFilter,
  type SessionRow,
  toChatMessage,
} from './chat.repository.ts';

type Deps = { clock: Clock; audit: AuditLog; realtime: Realtime };
const CATCH_UP_LIMIT = 500;
const KNOWN_SESSIONS_LIMIT = 10_000;

/** Permission matrix: who chats with patients, and who answers support; every other staff role has a support chat. */
const chatsWithPatients = (actor: Pick<Caller, 'role'>) => can(actor.role, 'chat.patients');
const answersSupport = (actor: Pick<Caller, 'role'>) => can(actor.role, 'support.answer');

export const clinicChatRoom = (clinicId: number) => `clinic-chat-${clinicId}`;
const SUPPORT_ROOM = 'support-admins';

export function createChatService({ clock, audit, realtime }: Deps) {
  /**
   * The chat as the caller reaches it (decision 1340): their clinic's conversations; an admin answering support
   * (the platform's support account among them) every clinic's support conversations, as a platform admin.
   */
  const chatOf = (actor: Caller) => actor.data.chat;
  // Sends arriving together are saved together: one statement and one commit for each clinic's group, by a
  // repository of that clinic's scope (the clinic its audit events name). `data` is the sender's, narrowed to the
  // clinic; the first sender's repository of the clinic, on the same database, then saves every later group.
  const savers = new Map<number, (message: NewMessage) => Promise<SavedMessage | undefined>>();
  function saveMessage(data: Data, message: NewMessage) {
    const clinicId = clinicIdOf(data.scope);
    let save = savers.get(clinicId);
    if (!save) {
      const repo = data.chat;
      save = groupCalls((messages: NewMessage[]) => repo.saveMessages(messages));
      savers.set(clinicId, save);
    }
    return save(message);
  }
  // A conversation's clinic, kind and people never change once it exists (conversations are never deleted), so
  // the rows read to check access are kept; what can change, a patient's account, is read with each save. A kept
  // one is answered only within the asking scope, as the repository would answer it.
  const knownSessions = new Map<number, SessionRow>();
  async function findSession(data: Data, id: number) {
    const known = knownSessions.get(id);
    if (known) return narrowTo(data.scope, known.clinicId) ? known : undefined;
    const session = await data.chat.findSession(id);
    if (session) {
      if (knownSessions.size >= KNOWN_SESSIONS_LIMIT) knownSessions.delete(knownSessions.keys().next().value!);
      knownSessions.set(id, session);
    }
    return session;
  }

  // Joined at the handshake, so a message reaches a clinic's whole chat staff with one emit and no query.
  realtime.addRoomRule((actor) => [
    ...(chatsWithPatients(actor) ? [clinicChatRoom(actor.clinicId)] : []),
    ...(answersSupport(actor) ? [SUPPORT_ROOM] : []),
  ]);

  async function canAccess(actor: Caller, session: SessionRow) {
    if (isPatientRole(actor.role)) {
      // A patient reaches only the conversation of their own (not removed) patient record.
      return session.kind === 'patient' && (await ownPatientOf(actor))?.id === session.patientId;
    }
    if (session.kind === 'support') return answersSupport(actor) || session.staffUserId === actor.id;
    return chatsWithPatients(actor) && session.clinicId === actor.clinicId;
  }

  async function accessibleSession(actor: Caller, sessionId: number) {
    const session = await findSession(actor.data, sessionId);
    if (!session || !(await canAccess(actor, session))) throw notFound('chat session');
    return session;
  }

  /** The rooms that hear of a new message: the clinic's chat staff (or admins) and the conversation's own person. */
  function roomsOf(session: SessionRow, saved: SavedMessage): string[] {
    if (session.kind === 'support') return [SUPPORT_ROOM, userRoom(session.staffUserId!)];
    return [clinicChatRoom(session.clinicId), ...(saved.patientUserId ? [userRoom(saved.patientUserId)] : [])];
  }

  /**
   * A conversation was read (its messages shown to the reader): one `chat.read` event, whatever carried them, over
   * HTTP (a page of messages) or the socket (what a reconnecting client missed).
   */
  function recordRead(actor: Caller, session: SessionRow, ctx: RequestContext, transport: 'http' | 'socket') {
    return audit.record({
      action: 'chat.read',
      outcome: 'success',
      actorUserId: actor.id,
      clinicId: session.clinicId,
      patientId: session.patientId,
      ip: ctx.ip,
      detail: { session_id: session.id, transport },
    });
  }

  /** The conversations whose messages reach the actor live: their own, their clinic's patients', or support's. */
  async function readableSessionIds(actor: Caller): Promise<number[]> {
    if (isPatientRole(actor.role)) {
      const own = await ownPatientOf(actor);
      const session = own ? await chatOf(actor).findPatientSession(own.id) : undefined;
      return session ? [session.id] : [];
    }
    const filters: SessionFilter[] = [answersSupport(actor) ? { allSupport: true } : { supportOf: actor.id }];
    // Those who chat with patients are a clinic's staff: their scope is their clinic.
    if (chatsWithPatients(actor)) filters.push({ allPatients: true });
    return chatOf(actor).sessionIds(filters);
  }

  /**
   * A page of the conversations. `audit`: the read's audit row, written by the statement that reads the page when the
   * caller's scope is one clinic (decision 1470); the endpoint pipeline writes it otherwise.
   */
  async function sessionsPage(
    actor: Caller,
    filter: SessionFilter,
    page: number,
    pageSize: number,
    audit?: { action: 'chat.list'; ip: string | null; detail: Record<string, unknown> },
  ) {
    const now = clock.now();
    const read = await chatOf(actor).listSessions(filter, actor.id, page, pageSize, { now, audit });
    const { rows, count } = read;
    if (audit && read.audited) noteAudited(audit.action);
    // The call status of the page's onboarded patients, as the patient list shows it (decision 0901), from what the
    // same statement read.
    const results: ChatSession[] = rows.map((r) => {
      const last = r.lastMessage;
      return {
        id: r.session.id,
        kind: r.session.kind,
        patient: r.session.patientId
          ? { id: r.session.patientId, first_name: r.patientFirstName ?? '', last_name: r.patientLastName ?? '' }
          : null,
        staff: r.session.staffUserId
          ? { id: r.session.staffUserId, display_name: `${r.staffFirstName} ${r.staffLastName}` }
          : null,
        last_message: last ? toChatMessage(last) : null,
        unread_message_count: r.unread,
        freshness:
          r.session.kind === 'patient' ? chatFreshness(r.session.lastPatientMessageAt, now, r.session.createdAt) : null,
        call_status: r.patientCallFacts ? callStatusFrom(r.patientCallFacts, now) : null,
        updated_at: (r.session.lastMessageAt ?? r.session.createdAt).toISOString(),
      };
    });
    return toPage(results, count, { page, page_size: pageSize });
  }

  return {
    async patientSessions(actor: Caller, page: number, pageSize: number, ctx: RequestContext) {
      if (!chatsWithPatients(actor)) throw new AppError('forbidden');
      // Their scope is their clinic: the clinic's patients' conversations. The audit row is the one the endpoint
      // pipeline writes for a read (http/run-endpoint.ts), written by the list's own statement.
      const { method, path } = chatEndpoints.patientSessions;
      const audit = { action: 'chat.list' as const, ip: ctx.ip, detail: { route: `${method} ${path}`, params: {} } };
      return sessionsPage(actor, { allPatients: true }, page, pageSize, audit);
    },

    /** Staff: their own support conversation (opened on first use). Admins: every support conversation. */
    async supportSessions(actor: Caller, page: number, pageSize: number) {
      if (answersSupport(actor)) return sessionsPage(actor, { allSupport: true }, page, pageSize);
      const repo = chatOf(actor);
      if (!(await repo.findSupportSession(actor.id))) {
        await repo.insertSession({ kind: 'support', staffUserId: actor.id });
      }
      return sessionsPage(actor, { supportOf: actor.id }, page, pageSize);
    },

    async openPatientSession(actor: Caller, patientId: number, ctx: RequestContext) {
      if (!chatsWithPatients(actor)) throw new AppError('forbidden');
      const patient = await actor.data.within(clinicScope(actor.clinicId)).patients.findById(patientId);
      if (!patient) throw notFound('patient');
      const repo = chatOf(actor);
      if (!(await repo.findPatientSession(patientId))) {
        await repo.insertSession({ kind: 'patient', patientId });
        await audit.record({
          action: 'chat.open',
          outcome: 'success',
          actorUserId: actor.id,
          clinicId: actor.clinicId,
          patientId,
          ip: ctx.ip,
        });
      }
      const session = (await repo.findPatientSession(patientId))!;
      const page = await sessionsPage(actor, { id: session.id }, 1, 1);
      await audit.record({
        action: 'chat.list',
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: patient.clinicId,
        patientId,
        ip: ctx.ip,
        detail: { session_id: session.id },
      });
      return page.results[0]!;
    },

    /** Newest page first; reading a conversation marks it read for the reader. */
    async messages(actor: Caller, sessionId: number, page: number, pageSize: number, ctx: RequestContext) {
      const session = await accessibleSession(actor, sessionId);
      const repo = chatOf(actor);
      const { rows, hasMore, count, isCountCapped } = await repo.listMessages(sessionId, page, pageSize);
      await repo.markRead(sessionId, actor.id);
      await recordRead(actor, session, ctx, 'http');
      return {
        count,
        count_capped: isCountCapped,
        next: hasMore ? page + 1 : null,
        previous: page > 1 ? page - 1 : null,
        results: rows.map(toChatMessage),
      };
    },

    /** Saved first, then pushed to every participant; a retried send with the same client id is saved once. */
    async send(actor: Caller, body: SendChatMessageBody, ctx: RequestContext) {
      const session = await accessibleSession(actor, body.session);
      // The caller's scope narrowed to the conversation's clinic, which reaches it: found in that scope just now.
      const saved = await saveMessage(actor.data.within(narrowTo(actor.data.scope, session.clinicId)!), {
        sessionId: session.id,
        senderUserId: actor.id,
        body: body.message,
        clientId: body.client_id ?? null,
        createdAt: clock.now(),
        byPatient: isPatientRole(actor.role),
        audit: { ip: ctx.ip },
      });
      if (!saved) {
        // Already saved by an earlier attempt: answer it again, without a second delivery.
        noteNothingChanged();
        return toChatMessage((await chatOf(actor).findByClientId(session.id, actor.id, body.client_id!))!);
      }
      // The statement that saved the message wrote its audit row.
      noteAudited('chat.send');
      const message = toChatMessage(saved);
      realtime.toRooms(roomsOf(session, saved), chatEvents.newMessage, message);
      return message;
    },

    /** What a reconnecting client missed after its last message id, oldest first; each conversation's read audited. */
    async missedMessages(actor: Caller, afterId: number, ctx: RequestContext) {
      const rows = await chatOf(actor).messagesAfter(await readableSessionIds(actor), afterId, CATCH_UP_LIMIT);
      const read = [...new Set(rows.map((row) => row.sessionId))];
      // Written (together) before any message goes out, as an HTTP read answers only once its event is stored.
      await Promise.all(read.map(async (id) => recordRead(actor, (await findSession(actor.data, id))!, ctx, 'socket')));
      return rows.map(toChatMessage);
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
