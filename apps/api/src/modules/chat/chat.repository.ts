import { CHAT_MESSAGE_COUNT_CAP, CHAT_UNREAD_CAP, type ChatMessage } from '@rehabit/contract';
import { and, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { chatMessages, chatSessions, patients, users } from '../../db/schema.ts';
import { type ClinicScope, clinicIdOf, inScope } from '../../db/scope.ts';
import {
  type MessagePageSqlRow,
  type MessageRow,
  markReadSql,
  messagePageSql,
  type SessionListSqlRow,
  sessionListSql,
  sessionSql,
  toMessageRow,
  toSessionListRow,
} from './chat-queries.ts';

export type SessionRow = typeof chatSessions.$inferSelect;

/** A new conversation: a patient's with their clinic, or a staff member's with support; its clinic is the scope's. */
export type NewSession = { kind: 'patient'; patientId: number } | { kind: 'support'; staffUserId: number };

/** Which conversations, of those the repository's scope reaches, a list or a live subscription covers. */
export type SessionFilter = { allPatients: true } | { allSupport: true } | { supportOf: number } | { id: number };

const sessionCondition = (filter: SessionFilter): SQL => {
  if ('allPatients' in filter) return eq(chatSessions.kind, 'patient');
  if ('allSupport' in filter) return eq(chatSessions.kind, 'support');
  if ('supportOf' in filter) return eq(chatSessions.staffUserId, filter.supportOf);
  return eq(chatSessions.id, filter.id);
};

const messageColumns = {
  id: chatMessages.id,
  sessionId: chatMessages.sessionId,
  body: chatMessages.body,
  clientId: chatMessages.clientId,
  createdAt: chatMessages.createdAt,
  senderId: users.id,
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
  senderRole: users.role,
};
export const toChatMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  session: row.sessionId,
  message: row.body,
  sender: { id: row.senderId, display_name: `${row.senderFirstName} ${row.senderLastName}`, role: row.senderRole },
  created_at: row.createdAt.toISOString(),
  client_id: row.clientId,
});

/**
 * Messages with their senders, of the conversations the scope reaches. The senders are not narrowed: the platform's
 * support account, of another clinic, writes in every clinic's support conversations.
 */
const selectMessages = (db: DbOrTx, scope: ClinicScope) =>
  db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(chatSessions, and(eq(chatSessions.id, chatMessages.sessionId), inScope(chatSessions.clinicId, scope)))
    .innerJoin(users, eq(users.id, chatMessages.senderUserId))
    .$dynamic();

/** A saved message with the sign-in account of its conversation's patient, if any, whose private room hears it. */
export type SavedMessage = MessageRow & { patientUserId: number | null };

export type NewMessage = {
  sessionId: number;
  senderUserId: number;
  body: string;
  clientId: string | null;
  createdAt: Date;
  byPatient: boolean;
  /** The sender's address, for the audit event; its clinic is the scope's and its patient the conversation's. */
  audit: { ip: string | null };
};

type SavedRow = {
  ord: number;
  id: number | string;
  first_name: string;
  last_name: string;
  role: string;
  patient_user_id: number | null;
};

// $1: the messages as a JSON array, $2: the scope's clinic; a message to a conversation of another clinic is not
// saved. Ids are drawn in the order given, so one sender's messages keep their order.
const SAVE_MESSAGES_SQL = `
  with input as materialized (
    select nextval(pg_get_serial_sequence('chat_messages', 'id')) as id, i.*
    from (
      select r.*, s.clinic_id, s.patient_id from jsonb_to_recordset($1::jsonb) as r(
        ord int, session_id int, sender_user_id int, body text, client_id text, created_at timestamptz,
        by_patient boolean, ip text)
      join chat_sessions s on s.id = r.session_id and s.clinic_id = $2::int
      order by ord
    ) i
  ),
  saved as (
    insert into chat_messages (id, session_id, sender_user_id, body, client_id, created_at)
    overriding system value
    select id, session_id, sender_user_id, body, client_id, created_at from input
    on conflict do nothing
    returning id
  ),
  kept as (select input.* from input join saved using (id)),
  touched as (
    update chat_sessions s
    set last_message_at = greatest(s.last_message_at, k.last_at),
        last_patient_message_at = greatest(s.last_patient_message_at, k.last_patient_at)
    from (select session_id, max(created_at) as last_at, max(created_at) filter (where by_patient) as last_patient_at
          from kept group by session_id) k
    where s.id = k.session_id
  ),
  read as (
    insert into chat_reads (session_id, user_id, last_read_message_id)
    select session_id, sender_user_id, max(id) from kept group by session_id, sender_user_id
    on conflict (session_id, user_id) do update
    set last_read_message_id = greatest(chat_reads.last_read_message_id, excluded.last_read_message_id)
  ),
  audited as (
    insert into audit_events (action, outcome, actor_user_id, clinic_id, patient_id, ip, detail)
    select 'chat.send', 'success', sender_user_id, clinic_id, patient_id, ip,
           jsonb_build_object('session_id', session_id, 'message_id', id)
    from kept order by id
  )
  select k.ord, k.id, u.first_name, u.last_name, u.role, p.user_id as patient_user_id
  from kept k
  join users u on u.id = k.sender_user_id
  left join patients p on p.id = k.patient_id`;

/**
 * Conversations and their messages, of the clinics the scope reaches (decision 1340): a clinic's staff and patients
 * reach their clinic's, an admin answering support reaches every clinic's (`scopeOf`, 'platform admin').
 */
export const createChatRepository = (db: DbOrTx, scope: ClinicScope) => ({
  async findSession(id: number): Promise<SessionRow | undefined> {
    const [row] = await db
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.id, id), inScope(chatSessions.clinicId, scope)))
      .limit(1);
    return row;
  },

  /**
   * Saves a group of messages in one prepared statement (one round trip, one commit, atomic): each message, its
   * conversation's last-message times, the sender's read position and the audit event. Answers, in the order given,
   * each saved message with the conversation patient's account (whose private room also hears it), or undefined
   * where the client id was seen before or the conversation is not of the scope's clinic (the one clinic the audit
   * events name).
   */
  async saveMessages(messages: NewMessage[]): Promise<(SavedMessage | undefined)[]> {
    const input = JSON.stringify(
      messages.map((m, ord) => ({
        ord,
        session_id: m.sessionId,
        sender_user_id: m.senderUserId,
        body: m.body,
        client_id: m.clientId,
        created_at: m.createdAt.toISOString(),
        by_patient: m.byPatient,
        ip: m.audit.ip,
      })),
    );
    const rows = await runPrepared<SavedRow>(db as Db, 'chat_save_messages', SAVE_MESSAGES_SQL, [
      input,
      clinicIdOf(scope),
    ]);
    const answers: (SavedMessage | undefined)[] = messages.map(() => undefined);
    for (const row of rows) {
      const m = messages[row.ord]!;
      answers[row.ord] = {
        id: Number(row.id),
        sessionId: m.sessionId,
        body: m.body,
        clientId: m.clientId,
        createdAt: m.createdAt,
        senderId: m.senderUserId,
        senderFirstName: row.first_name,
        senderLastName: row.last_name,
        senderRole: row.role,
        patientUserId: row.patient_user_id,
      };
    }
    return answers;
  },

  /**
   * Sessions with what a list shows: the other party, the last message and the reader's unread count, capped at
   * CHAT_UNREAD_CAP (so a conversation never read costs no more than one read a hundred messages ago). One prepared
   * statement per kind of filter.
   */
  async listSessions(
    filter: SessionFilter,
    readerId: number,
    page: number,
    pageSize: number,
    options: { now: Date; audit?: { ip: string | null; detail: Record<string, unknown> } },
  ) {
    const { name, where, values } = sessionSql(filter, scope);
    const params: unknown[] = [readerId, pageSize, (page - 1) * pageSize, CHAT_UNREAD_CAP, ...values];
    const next = (value: unknown) => `$${params.push(value)}`;
    const now = next(options.now.toISOString());
    // The reader's audit row is written by the statement for a list of one clinic (decision 1470).
    const audit =
      options.audit && scope.kind === 'clinic'
        ? {
            clinic: next(scope.clinicId),
            ip: next(options.audit.ip),
            detail: next(JSON.stringify(options.audit.detail)),
          }
        : undefined;
    const text = sessionListSql(where, { now, audit });
    const rows = await runPrepared<SessionListSqlRow>(db as Db, audit ? `${name}_audited` : name, text, params);
    const listed = rows.filter((r) => r.id !== null).map(toSessionListRow);
    return { rows: listed, count: rows[0]?.total ?? 0, audited: (rows[0]?.audited ?? 0) > 0 };
  },

  /** The ids of the conversations any of the filters covers. */
  async sessionIds(filters: SessionFilter[]): Promise<number[]> {
    const rows = await db
      .select({ id: chatSessions.id })
      .from(chatSessions)
      .where(and(or(...filters.map(sessionCondition)), inScope(chatSessions.clinicId, scope)));
    return rows.map((r) => r.id);
  },

  /**
   * Opens a conversation in the scope's clinic, of one of its patients or its staff members; one of another clinic
   * gets none.
   */
  async insertSession(values: NewSession) {
    const clinicId = clinicIdOf(scope);
    const person =
      values.kind === 'patient'
        ? db
            .select({ id: patients.id })
            .from(patients)
            .where(and(eq(patients.id, values.patientId), eq(patients.clinicId, clinicId)))
        : db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, values.staffUserId), eq(users.clinicId, clinicId)));
    if ((await person).length === 0) return;
    await db
      .insert(chatSessions)
      .values({ ...values, clinicId })
      .onConflictDoNothing();
  },

  async findPatientSession(patientId: number) {
    const [row] = await db
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.patientId, patientId), inScope(chatSessions.clinicId, scope)))
      .limit(1);
    return row;
  },

  async findSupportSession(staffUserId: number) {
    const [row] = await db
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.staffUserId, staffUserId), inScope(chatSessions.clinicId, scope)))
      .limit(1);
    return row;
  },

  /**
   * One page of a conversation, newest first, and whether older messages follow, read as one more row than the
   * page; the count stops at CHAT_MESSAGE_COUNT_CAP, so neither grows with the conversation.
   */
  async listMessages(sessionId: number, page: number, pageSize: number) {
    const scoped = scope.kind === 'clinic';
    const rows = await runPrepared<MessagePageSqlRow>(
      db as Db,
      scoped ? 'chat_message_page_in_clinic' : 'chat_message_page',
      messagePageSql(scoped),
      [sessionId, pageSize + 1, (page - 1) * pageSize, CHAT_MESSAGE_COUNT_CAP + 1, ...(scoped ? [scope.clinicId] : [])],
    );
    const messages = rows.filter((r) => r.id !== null).map(toMessageRow);
    const counted = rows[0]?.total ?? 0;
    return {
      rows: messages.slice(0, pageSize),
      hasMore: messages.length > pageSize,
      count: Math.min(counted, CHAT_MESSAGE_COUNT_CAP),
      isCountCapped: counted > CHAT_MESSAGE_COUNT_CAP,
    };
  },

  async findByClientId(sessionId: number, senderId: number, clientId: string) {
    const [row] = await selectMessages(db, scope)
      .where(
        and(
          eq(chatMessages.sessionId, sessionId),
          eq(chatMessages.senderUserId, senderId),
          eq(chatMessages.clientId, clientId),
        ),
      )
      .limit(1);
    return row;
  },

  /** Messages after `afterId` in the given sessions, oldest first, for a client catching up. */
  async messagesAfter(sessionIds: number[], afterId: number, limit: number) {
    if (sessionIds.length === 0) return [];
    return selectMessages(db, scope)
      .where(and(inArray(chatMessages.sessionId, sessionIds), gt(chatMessages.id, afterId)))
      .orderBy(chatMessages.id)
      .limit(limit);
  },

  /** Moves the reader's position to the conversation's last message; a page read again writes nothing. */
  async markRead(sessionId: number, userId: number) {
    const scoped = scope.kind === 'clinic';
    await runPrepared(db as Db, scoped ? 'chat_mark_read_in_clinic' : 'chat_mark_read', markReadSql(scoped), [
      sessionId,
      userId,
      ...(scoped ? [scope.clinicId] : []),
    ]);
  },
});
