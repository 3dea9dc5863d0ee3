import type { ChatMessage } from '@rehabit/contract';
import { and, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatMessages, chatReads, chatSessions, patients, users } from '../../db/schema.ts';

export type SessionRow = typeof chatSessions.$inferSelect;

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
type MessageRow = {
  id: number;
  sessionId: number;
  body: string;
  clientId: string | null;
  createdAt: Date;
  senderId: number;
  senderFirstName: string;
  senderLastName: string;
  senderRole: string;
};

export const toChatMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  session: row.sessionId,
  message: row.body,
  sender: { id: row.senderId, display_name: `${row.senderFirstName} ${row.senderLastName}`, role: row.senderRole },
  created_at: row.createdAt.toISOString(),
  client_id: row.clientId,
});

const selectMessages = (db: DbOrTx) =>
  db.select(messageColumns).from(chatMessages).innerJoin(users, eq(users.id, chatMessages.senderUserId)).$dynamic();

/** A conversation with the sign-in account of its patient, if any: whose private room also hears a message. */
export type SessionWithPatientUser = SessionRow & { patientUserId: number | null };

type NewMessage = {
  sessionId: number;
  senderUserId: number;
  body: string;
  clientId: string | null;
  createdAt: Date;
  byPatient: boolean;
  audit: { clinicId: number; patientId: number | null; ip: string | null };
};

export const createChatRepository = (db: DbOrTx) => ({
  async findSession(id: number): Promise<SessionWithPatientUser | undefined> {
    const [row] = await db
      .select({ session: chatSessions, patientUserId: patients.userId })
      .from(chatSessions)
      .leftJoin(patients, eq(patients.id, chatSessions.patientId))
      .where(eq(chatSessions.id, id))
      .limit(1);
    return row ? { ...row.session, patientUserId: row.patientUserId } : undefined;
  },

  /**
   * Saves a message, moves the conversation's last-message times, marks it read for its sender and writes the
   * audit event, in one statement (one round trip, atomic on its own). Nothing when the client id was seen before.
   */
  async saveMessage(m: NewMessage): Promise<MessageRow | undefined> {
    // Both drivers answer raw queries with `{ rows }`.
    const result = (await db.execute(sql`
      with saved as (
        insert into ${chatMessages} (session_id, sender_user_id, body, client_id, created_at)
        values (${m.sessionId}, ${m.senderUserId}, ${m.body}, ${m.clientId}, ${m.createdAt})
        on conflict do nothing
        returning id, created_at
      ),
      touched as (
        update ${chatSessions}
        set last_message_at = ${m.createdAt},
            last_patient_message_at = ${m.byPatient ? m.createdAt : sql`last_patient_message_at`}
        where id = ${m.sessionId} and exists (select 1 from saved)
      ),
      read as (
        insert into ${chatReads} (session_id, user_id, last_read_message_id)
        select ${m.sessionId}, ${m.senderUserId}, id from saved
        on conflict (session_id, user_id) do update
        set last_read_message_id = greatest(${chatReads.lastReadMessageId}, excluded.last_read_message_id)
      ),
      audited as (
        insert into audit_events (action, outcome, actor_user_id, clinic_id, patient_id, ip, detail)
        select 'chat.send', 'success', ${m.senderUserId}, ${m.audit.clinicId}, ${m.audit.patientId}, ${m.audit.ip},
               jsonb_build_object('session_id', ${m.sessionId}::int, 'message_id', id)
        from saved
      )
      select saved.id, saved.created_at, u.first_name, u.last_name, u.role
      from saved join ${users} u on u.id = ${m.senderUserId}`)) as unknown as {
      rows: { id: number; created_at: string | Date; first_name: string; last_name: string; role: string }[];
    };
    const [row] = result.rows;
    if (!row) return undefined;
    return {
      id: Number(row.id),
      sessionId: m.sessionId,
      body: m.body,
      clientId: m.clientId,
      createdAt: new Date(row.created_at),
      senderId: m.senderUserId,
      senderFirstName: row.first_name,
      senderLastName: row.last_name,
      senderRole: row.role,
    };
  },

  /** Sessions with what a list shows: the other party, the last message and the reader's unread count. */
  async listSessions(where: SQL, readerId: number, page: number, pageSize: number) {
    const unread = sql<number>`(
      select count(*)::int from ${chatMessages} m
      where m.session_id = ${chatSessions.id} and m.sender_user_id <> ${readerId}
        and m.id > coalesce((select r.last_read_message_id from ${chatReads} r
                             where r.session_id = ${chatSessions.id} and r.user_id = ${readerId}), 0)
    )`;
    const lastMessageId = sql<number | null>`(
      select max(m.id) from ${chatMessages} m where m.session_id = ${chatSessions.id}
    )`;
    const [rows, [total]] = await Promise.all([
      db
        .select({
          session: chatSessions,
          patientFirstName: patients.firstName,
          patientLastName: patients.lastName,
          staffFirstName: users.firstName,
          staffLastName: users.lastName,
          unread,
          lastMessageId,
        })
        .from(chatSessions)
        .leftJoin(patients, eq(patients.id, chatSessions.patientId))
        .leftJoin(users, eq(users.id, chatSessions.staffUserId))
        .where(where)
        .orderBy(sql`coalesce(${chatSessions.lastMessageAt}, ${chatSessions.createdAt}) desc`, desc(chatSessions.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(chatSessions).where(where),
    ]);
    const lastIds = rows.map((r) => r.lastMessageId).filter((id): id is number => id !== null);
    const lastMessages = lastIds.length
      ? await selectMessages(db).where(inArray(chatMessages.id, lastIds.map(Number)))
      : [];
    return { rows, lastMessages, count: total?.n ?? 0 };
  },

  async insertSession(values: typeof chatSessions.$inferInsert) {
    await db.insert(chatSessions).values(values).onConflictDoNothing();
  },

  async findPatientSession(patientId: number) {
    const [row] = await db.select().from(chatSessions).where(eq(chatSessions.patientId, patientId)).limit(1);
    return row;
  },

  async findSupportSession(staffUserId: number) {
    const [row] = await db.select().from(chatSessions).where(eq(chatSessions.staffUserId, staffUserId)).limit(1);
    return row;
  },

  async listMessages(sessionId: number, page: number, pageSize: number) {
    const [rows, [total]] = await Promise.all([
      selectMessages(db)
        .where(eq(chatMessages.sessionId, sessionId))
        .orderBy(desc(chatMessages.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.sessionId, sessionId)),
    ]);
    return { rows, count: total?.n ?? 0 };
  },

  async findByClientId(sessionId: number, senderId: number, clientId: string) {
    const [row] = await selectMessages(db)
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
    return selectMessages(db)
      .where(and(inArray(chatMessages.sessionId, sessionIds), gt(chatMessages.id, afterId)))
      .orderBy(chatMessages.id)
      .limit(limit);
  },

  async markRead(sessionId: number, userId: number) {
    await db.execute(sql`
      insert into ${chatReads} (session_id, user_id, last_read_message_id)
      select ${sessionId}, ${userId}, coalesce(max(id), 0) from ${chatMessages} where session_id = ${sessionId}
      on conflict (session_id, user_id) do update set last_read_message_id = excluded.last_read_message_id`);
  },
});
