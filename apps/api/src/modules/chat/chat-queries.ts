/**
 * The chat reads that run on every list and every page, as prepared statements of fixed shape. None of them reads a
 * conversation's whole history: a page reads its rows (one more, to know whether older ones follow), counts stop
 * at a cap, and the last message comes through the (session_id, id) index. The capped counts have no ORDER BY on
 * purpose: ordered by id, a generic plan may walk the primary key through every conversation's messages.
 */
import type { ClinicScope } from '../../db/scope.ts';
import type { SessionFilter, SessionRow } from './chat.repository.ts';

export type MessageRow = {
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

/** Each filter's condition on `s` (chat_sessions), its value as $5, and its statement's name. */
function filterSql(filter: SessionFilter): { name: string; where: string; value?: number } {
  if ('allPatients' in filter) return { name: 'chat_sessions_patients', where: `s.kind = 'patient'` };
  if ('allSupport' in filter) return { name: 'chat_sessions_all_support', where: `s.kind = 'support'` };
  if ('supportOf' in filter)
    return { name: 'chat_sessions_support_of', where: 's.staff_user_id = $5', value: filter.supportOf };
  return { name: 'chat_sessions_one', where: 's.id = $5', value: filter.id };
}

/**
 * A filter's condition on `s` kept inside the scope (decision 1340), its values from $5 on, and its statement's
 * name: one statement per filter and kind of scope, the clinic a value of it.
 */
export function sessionSql(
  filter: SessionFilter,
  scope: ClinicScope,
): { name: string; where: string; values: number[] } {
  const { name, where, value } = filterSql(filter);
  const values = value === undefined ? [] : [value];
  if (scope.kind === 'all') return { name, where, values };
  values.push(scope.clinicId);
  return { name: `${name}_in_clinic`, where: `${where} and s.clinic_id = $${4 + values.length}`, values };
}

/**
 * The conversation $1 if the scope reaches it, else null (so that nothing of it is read or written): `$n` is the
 * clinic's parameter, and a cross-clinic scope reaches every conversation.
 */
const sessionInScope = (scoped: boolean, clinicParam: string) =>
  scoped ? `(select s.id from chat_sessions s where s.id = $1::int and s.clinic_id = ${clinicParam}::int)` : '$1::int';

/** The parameters of a session list after the filter's: the time now, and the reader's audit row's when it has one. */
export type SessionListParams = { now: string; audit?: { clinic: string; ip: string; detail: string } };

/**
 * The reader's `chat.list` audit row, written by the statement that reads the list (decision 1470): of the scope's
 * clinic, with the reader's address and the detail the service gives.
 */
const auditedSql = ({ clinic, ip, detail }: NonNullable<SessionListParams['audit']>) => `
  with audited as (
    insert into audit_events (action, outcome, actor_user_id, clinic_id, patient_id, ip, detail)
    select 'chat.list', 'success', $1::int, ${clinic}::int, null, ${ip}::text, ${detail}::jsonb
    returning 1
  )`;

/**
 * $1 reader, $2 page size, $3 offset, $4 unread cap, $5 the filter's value, then `params`. The page is chosen first,
 * then only its sessions are given their people, unread count, last message and the patient's last live call up to
 * the end of the clinic's month (the call status of decision 0901, read as the contact status repository reads it).
 * Always one row at least, with the total.
 */
export const sessionListSql = (where: string, params: SessionListParams) => `
  ${params.audit ? auditedSql(params.audit) : ''}
  select c.total, ${params.audit ? '(select count(*) from audited)::int' : '0'} as audited, x.*
  from (select count(*)::int as total from chat_sessions s where ${where}) c
  left join lateral (
    select s.id, s.clinic_id, s.kind, s.patient_id, s.staff_user_id, s.last_message_at, s.last_patient_message_at,
      s.created_at,
      p.first_name as patient_first_name, p.last_name as patient_last_name, p.status as patient_status,
      st.first_name as staff_first_name, st.last_name as staff_last_name,
      (select count(*)::int from (
         select 1 from chat_messages m
         where m.session_id = s.id and m.sender_user_id <> $1
           -- Only the other side's messages are unread: the patient's (or, for the patient, the clinic's); in a
           -- support conversation the staff member's (or, for that staff member, support's). A colleague's message
           -- on the same side is not unread.
           and case when s.kind = 'patient' then p.user_id = $1 or m.sender_user_id = p.user_id
                    else s.staff_user_id = $1 or m.sender_user_id = s.staff_user_id end
           and m.id > coalesce((select r.last_read_message_id from chat_reads r
                                where r.session_id = s.id and r.user_id = $1), 0)
         limit $4) unread) as unread,
      lm.id as last_id, lm.body as last_body, lm.client_id as last_client_id, lm.created_at as last_created_at,
      lu.id as last_sender_id, lu.first_name as last_sender_first_name, lu.last_name as last_sender_last_name,
      lu.role as last_sender_role,
      pc.timezone as patient_timezone, p.is_rtm_covered as patient_is_rtm_covered,
      p.consent_date::text as patient_consent_date,
      case when p.status = 'onboarded' then (
        select max(l.date)::text from interaction_logs l
        where l.patient_id = p.id and l.clinic_id = p.clinic_id and l.deleted_at is null
          and l.date < (date_trunc('month', (${params.now}::timestamptz at time zone pc.timezone)) + interval '1 month')::date)
      end as patient_last_call_day
    from (
      select * from chat_sessions s where ${where}
      order by coalesce(s.last_message_at, s.created_at) desc, s.id desc
      limit $2 offset $3
    ) s
    left join patients p on p.id = s.patient_id
    -- A patient of another clinic than the conversation's has no call status here, as the scope's contact read gives none.
    left join clinics pc on pc.id = p.clinic_id and pc.id = s.clinic_id
    left join users st on st.id = s.staff_user_id
    left join lateral (
      select m.id, m.body, m.client_id, m.created_at, m.sender_user_id
      from chat_messages m where m.session_id = s.id order by m.id desc limit 1
    ) lm on true
    left join users lu on lu.id = lm.sender_user_id
  ) x on true
  order by coalesce(x.last_message_at, x.created_at) desc, x.id desc`;

export type SessionListSqlRow = {
  total: number;
  /** How many audit rows the statement wrote (the same on every row). */
  audited: number;
  id: number | null;
  clinic_id: number;
  kind: SessionRow['kind'];
  patient_id: number | null;
  staff_user_id: number | null;
  last_message_at: Date | string | null;
  last_patient_message_at: Date | string | null;
  created_at: Date | string;
  patient_first_name: string | null;
  patient_last_name: string | null;
  patient_status: string | null;
  staff_first_name: string | null;
  staff_last_name: string | null;
  unread: number;
  last_id: number | string | null;
  last_body: string;
  last_client_id: string | null;
  last_created_at: Date | string;
  last_sender_id: number;
  last_sender_first_name: string;
  last_sender_last_name: string;
  last_sender_role: string;
  patient_timezone: string | null;
  patient_is_rtm_covered: boolean | null;
  patient_consent_date: string | null;
  patient_last_call_day: string | null;
};

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

export const toSessionListRow = (r: SessionListSqlRow) => ({
  session: {
    id: r.id!,
    clinicId: r.clinic_id,
    kind: r.kind,
    patientId: r.patient_id,
    staffUserId: r.staff_user_id,
    lastMessageAt: dateOrNull(r.last_message_at),
    lastPatientMessageAt: dateOrNull(r.last_patient_message_at),
    createdAt: new Date(r.created_at),
  } satisfies SessionRow,
  patientFirstName: r.patient_first_name,
  patientLastName: r.patient_last_name,
  patientStatus: r.patient_status,
  /** What the patient's call status is read from (onboarded patients only). */
  patientCallFacts:
    r.patient_status === 'onboarded' && r.patient_timezone !== null
      ? {
          timezone: r.patient_timezone,
          isCovered: r.patient_is_rtm_covered === true,
          consentDate: r.patient_consent_date,
          lastCallDay: r.patient_last_call_day,
        }
      : null,
  staffFirstName: r.staff_first_name,
  staffLastName: r.staff_last_name,
  unread: r.unread,
  lastMessage:
    r.last_id === null
      ? null
      : ({
          id: Number(r.last_id),
          sessionId: r.id!,
          body: r.last_body,
          clientId: r.last_client_id,
          createdAt: new Date(r.last_created_at),
          senderId: r.last_sender_id,
          senderFirstName: r.last_sender_first_name,
          senderLastName: r.last_sender_last_name,
          senderRole: r.last_sender_role,
        } satisfies MessageRow),
});

/**
 * $1 session, $2 rows to read (the page and one more), $3 offset, $4 how far to count, $5 the scope's clinic when it
 * is one clinic. Always one row at least, with the (capped) count. The senders are not narrowed: the platform's
 * support account, of another clinic, writes in a staff member's support conversation.
 */
export const messagePageSql = (scoped: boolean) => `
  select c.total, m.*
  from (select count(*)::int as total
        from (select 1 from chat_messages where session_id = ${sessionInScope(scoped, '$5')} limit $4) capped) c
  left join lateral (
    select m.id, m.session_id, m.body, m.client_id, m.created_at, u.id as sender_id,
      u.first_name as sender_first_name, u.last_name as sender_last_name, u.role as sender_role
    from chat_messages m
    join users u on u.id = m.sender_user_id
    where m.session_id = ${sessionInScope(scoped, '$5')}
    order by m.id desc
    limit $2 offset $3
  ) m on true
  order by m.id desc`;

export type MessagePageSqlRow = {
  total: number;
  id: number | string | null;
  session_id: number;
  body: string;
  client_id: string | null;
  created_at: Date | string;
  sender_id: number;
  sender_first_name: string;
  sender_last_name: string;
  sender_role: string;
};

export const toMessageRow = (r: MessagePageSqlRow): MessageRow => ({
  id: Number(r.id),
  sessionId: r.session_id,
  body: r.body,
  clientId: r.client_id,
  createdAt: new Date(r.created_at),
  senderId: r.sender_id,
  senderFirstName: r.sender_first_name,
  senderLastName: r.sender_last_name,
  senderRole: r.sender_role,
});

/**
 * $1 session, $2 reader, $3 the scope's clinic when it is one clinic: a conversation the scope does not reach is
 * not marked. An unchanged position is not written again (no dead row for each page read).
 */
export const markReadSql = (scoped: boolean) => `
  insert into chat_reads (session_id, user_id, last_read_message_id)
  select s.id, $2::int, coalesce((select max(m.id) from chat_messages m where m.session_id = s.id), 0)
  from chat_sessions s where s.id = $1::int${scoped ? ' and s.clinic_id = $3::int' : ''}
  on conflict (session_id, user_id) do update set last_read_message_id = excluded.last_read_message_id
  where chat_reads.last_read_message_id <> excluded.last_read_message_id`;
