import { z } from 'zod/mini';
import type { AuditAction } from './audit.ts';
import type { Action } from './permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * Files an endpoint may answer instead of JSON, by format: the media type sent (a text file's in UTF-8) and asked
 * for. An export declares its format (`file: 'csv'`), its handler answers `{ filename, content }`, and the route
 * layer sends the content as an attachment; validation, access and audit are those of every other endpoint.
 * An image (the clinic's logo, decision 1430) is sent inline with its own type, which its handler names.
 */
export const fileContentTypes = {
  csv: 'text/csv',
  pdf: 'application/pdf',
  fhir: 'application/fhir+json',
  /** FHIR Bulk Data's newline-delimited JSON: one resource a line (decision 1440). */
  ndjson: 'application/fhir+ndjson',
  image: 'image/*',
} as const;
export type FileFormat = keyof typeof fileContentTypes;

/** What a file endpoint's handler answers: the file's name (ASCII, no path) and its whole content (bytes for a PDF). */
export type FileAnswer = {
  filename: string;
  content: string | Uint8Array;
  /** An image's own media type (`image/png`, `image/jpeg`): required by an `image` endpoint. */
  type?: string;
};

/** The body of a file answer, for the OpenAPI document: the file's text, or a PDF's bytes. */
export const fileResponseSchema = z.string();

/** A schema of the contract, written with zod's full API or its mini one. */
export type Schema = z.core.$ZodType;

/** Who may call an endpoint: anyone, anyone signed in, or the roles the permission table gives an action. */
export type Access = 'public' | 'signed-in' | Action;

/**
 * One call of the API, declared once: the server registers its route from it (schemas checked, access enforced
 * before the handler runs, OpenAPI written), and the web calls it by it (typed path parameters, query, body and
 * answer). `path` uses `:name` for its parameters, as Fastify does.
 */
export type Endpoint = {
  method: HttpMethod;
  path: string;
  /** The OpenAPI group: the area's name. */
  tag: string;
  access: Access;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The status of success (202: accepted, the work happens later); 204 answers carry no body. */
  status: SuccessStatus;
  /** Other statuses of success the call may answer with the same body, e.g. 200 for a create sent again. */
  alsoAnswers?: readonly SuccessStatus[];
  response: Schema;
  /** Answers a file of this format (as an attachment) instead of JSON; `response` is then `fileResponseSchema`. */
  file?: FileFormat;
  /** What a successful call leaves in the audit log: every read and change of health data says so. */
  audit?: AuditSpec;
};

/**
 * How an endpoint's calls are audited, enforced by the API's endpoint pipeline (decisions 0601, 1325):
 * - `read`: each call leaves a row; the pipeline writes it unless the service wrote it with more detail.
 * - `change`: each call leaves a row written by its service, inside the change's transaction where it has one; the
 *   pipeline refuses to answer a change that left none (unless it changed nothing: it was sent again).
 * - `change` `oncePerSession`: the calls are the beats of a session another endpoint opened (and audited). The
 *   session is audited once more, at its end: the call whose body names `endedBy` owes the change's row, as a
 *   `change` does; a beat before it only moves the session's own row, which is itself the record, and owes none. A
 *   beat that writes the change's row anyway is refused too, so the log is not written every few seconds.
 */
export type AuditSpec = { read: AuditAction } | { change: AuditAction; oncePerSession?: { endedBy: string } };

/** A call made over the live socket that is the same operation as an endpoint: its access, input, answer and audit. */
export type SocketCall = { event: string; endpoint: Endpoint };

/**
 * A call only the live socket takes, because its device is part of what it does (a video visit's signalling,
 * decision 1375): served by the same pipeline as an endpoint, with its access, body, answer and audit, and answered
 * by an acknowledgement.
 */
export type SocketOnlyCall = {
  event: string;
  access: Access;
  body: Schema;
  response: Schema;
  audit?: AuditSpec;
};

/** An area's endpoints, each tagged with the area (`defineEndpoints('patients', { list: { … } })`). */
export function defineEndpoints<const T extends Record<string, Omit<Endpoint, 'tag'>>>(
  tag: string,
  endpoints: T,
): { [K in keyof T]: T[K] & { tag: string } } {
  return Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, { ...e, tag }])) as {
    [K in keyof T]: T[K] & { tag: string };
  };
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a path's `:name` parameters. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

/** Nothing for a path without parameters, otherwise their values. */
export type PathArgs<P extends string> = [ParamNames<P>] extends [never] ? [] : [params: PathParams<P>];

/** The address of one call of an endpoint: each `:name` replaced by its encoded value. */
export const pathOf = <E extends Pick<Endpoint, 'path'>>(endpoint: E, ...[params]: PathArgs<E['path']>): string =>
  fillPath(endpoint.path, params);

/** A path template with each `:name` replaced by its encoded value; a missing value is a programming error. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** What a successful call answers: nothing for 204. */
export type EndpointResult<E extends Endpoint> = E['status'] extends 204 ? undefined : z.output<E['response']>;

/** An endpoint that answers a file. */
export type FileEndpoint = Endpoint & { file: FileFormat };
