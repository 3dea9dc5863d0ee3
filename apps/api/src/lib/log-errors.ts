/**
 * What a log line or an error report may keep of an error: its class, its codes (a PostgreSQL SQLSTATE, a Node
 * code), the database's names for what failed (constraint, table, column, type), where in the code it happened,
 * and a message with the values taken out. Nothing else an error carries leaves the process: not a statement's
 * parameters (drizzle's "params: …", PGlite's `params`), not PostgreSQL's `detail` ("Key (email)=(…) already
 * exists", "Failing row contains (…)"), not a mail server's answer naming the recipient. Decision 0505.
 */
export type SafeError = {
  type: string;
  message: string;
  code?: string;
  severity?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  constraint?: string;
  routine?: string;
  syscall?: string;
  statusCode?: number;
  /** Frames only; empty when unknown. */
  stack: string;
  cause?: SafeError;
  errors?: SafeError[];
};

/** Properties copied as they are: names and codes given by PostgreSQL, Node or Fastify, never the input. */
const NAME_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine', 'syscall'];
const MAX_DEPTH = 4;
const MAX_MESSAGE = 4000;
const HIDDEN = '…';

/** Words after which PostgreSQL quotes a name of the schema rather than a value: `constraint "users_email_key"`. */
const NAME_BEFORE_QUOTE =
  /\b(constraint|column|relation|table|index|type|encoding|schema|function|sequence|trigger|database|view|extension|domain|operator|collation)\s*$/i;

const cap = (text: string) => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}${HIDDEN}` : text);

/**
 * A message with the values taken out. drizzle's "Failed query: <SQL>\nparams: <every value>" keeps its SQL, the
 * code's own text (values travel as `$1`, `$2`), and loses its parameters. Any other message loses quoted input
 * (`invalid input syntax for type uuid: "…"`), key values (`(email)=(…)`), input bytes, e-mail addresses,
 * phone-like numbers and password hashes; names PostgreSQL quotes (`constraint "users_email_key"`) stay.
 */
export function safeMessage(message: string): string {
  const statement = /^Failed query: ([\s\S]*?)(?:\nparams: [\s\S]*)?$/.exec(message);
  if (statement) return `Failed query: ${cap(statement[1]!)}`;
  const text = cap(message);
  return text
    .replace(/"(?:[^"\\]|\\.)*"/g, (quoted, offset: number) =>
      NAME_BEFORE_QUOTE.test(text.slice(Math.max(0, offset - 40), offset)) ? quoted : `"${HIDDEN}"`,
    )
    .replace(/\)=\((?:[^()]|\([^()]*\))*\)/g, `)=(${HIDDEN})`)
    .replace(/\$argon2[a-z]*\$\S*/gi, HIDDEN)
    .replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, HIDDEN)
    .replace(/0x(?!00\b)[0-9a-f]{2}(?:\s+0x[0-9a-f]{2})*/gi, HIDDEN)
    .replace(/\+?\d(?:[\s().-]*\d){6,}/g, HIDDEN);
}

/** The stack's frames (file, line, function) without its first lines, which repeat the message. */
function framesOf(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/** The error's class; a bundled library's minified class name gives way to what the error says it is. */
function typeOf(err: Record<string, unknown>): string {
  const name = (err.constructor as { name?: unknown } | undefined)?.name;
  if (typeof name === 'string' && name.length > 2 && name !== 'Object') return name;
  if (typeof err.severity === 'string' && typeof err.code === 'string') return 'DatabaseError';
  return typeof err.name === 'string' && err.name.length > 0 ? err.name : 'Error';
}

/** An error (or anything thrown) as it may be logged or reported. */
export function safeError(err: unknown, depth = 0): SafeError {
  if (err === null || typeof err !== 'object') {
    return { type: typeof err, message: typeof err === 'string' ? safeMessage(err) : String(err), stack: '' };
  }
  const source = err as Record<string, unknown> & { message?: unknown };
  const safe: SafeError = {
    type: typeOf(source),
    message: safeMessage(typeof source.message === 'string' ? source.message : ''),
    stack: framesOf(source.stack),
  };
  for (const field of NAME_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number')
      (safe as Record<string, unknown>)[field] = String(value);
  }
  if (typeof source.statusCode === 'number') safe.statusCode = source.statusCode;
  if (depth < MAX_DEPTH && source.cause !== undefined && source.cause !== err) {
    safe.cause = safeError(source.cause, depth + 1);
  }
  if (depth < MAX_DEPTH && Array.isArray(source.errors)) {
    safe.errors = source.errors.slice(0, 5).map((inner) => safeError(inner, depth + 1));
  }
  return safe;
}

/**
 * An Error to hand to error reporting (Sentry) in place of the original: same class name, code and stack frames,
 * the safe message, and causes made safe in turn.
 */
export function reportableError(err: unknown): Error {
  const toError = (safe: SafeError): Error => {
    const error = new Error(safe.message, safe.cause ? { cause: toError(safe.cause) } : undefined);
    error.name = safe.code ? `${safe.type} ${safe.code}` : safe.type;
    error.stack = `${error.name}: ${safe.message}${safe.stack ? `\n${safe.stack}` : ''}`;
    return error;
  };
  return toError(safeError(err));
}

type LogMethod = (this: unknown, ...args: unknown[]) => void;

/**
 * The logger's options for errors, set once where the logger is built: every `err` is serialized by `safeError`,
 * and a line given an error but no message of its own takes the safe message (pino would use the raw one).
 */
export const errorLogOptions = {
  serializers: { err: (err: unknown) => safeError(err), error: (err: unknown) => safeError(err) },
  hooks: {
    logMethod(this: unknown, args: unknown[], method: LogMethod) {
      const [first, second] = args;
      const err = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
      if (err === undefined || typeof second === 'string') return method.apply(this, args);
      const fields = first instanceof Error ? { err: first } : first;
      return method.apply(this, [fields, safeError(err).message]);
    },
  },
};
