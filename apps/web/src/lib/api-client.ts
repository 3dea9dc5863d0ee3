import {
  type Endpoint,
  type EndpointResult,
  type FileEndpoint,
  fileContentTypes,
  fillPath,
  type HttpMethod,
  type PathArgs,
  type PathParams,
  PROBLEM_CONTENT_TYPE,
  type Schema,
} from '@rehabit/contract';
import { z } from 'zod/mini';
import { env } from '../config/env.ts';
import { getToken } from './access-token.ts';
import { ApiError } from './api-error.ts';
import { dropEarly, takeEarly } from './early-requests.ts';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** How much of an answer has arrived: bytes so far, and the whole when the server said (Content-Length). */
export type DownloadProgress = { loaded: number; total: number | null };
type ProgressListener = (progress: DownloadProgress) => void;

type RequestOptions<S extends Schema> = {
  /** Validates the answer; the caller's types are inferred from it. */
  schema: S;
  method?: HttpMethod;
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  /** The request outlives the page (a monitoring session's end sent as the tab closes). */
  keepalive?: boolean;
  /** Told as the answer's bytes arrive, for a progress bar on a large answer (a billing file). */
  onProgress?: ProgressListener;
};

let onUnauthorized: (() => void) | undefined;

/** Called when the server no longer accepts our token, so the app can end the session in one place. */
export function setUnauthorizedHandler(handler: (() => void) | undefined) {
  onUnauthorized = handler;
}

const isHtmlPath = (path: string) => /\.html?(?:[?#]|$)/i.test(path);

/** Calls go to the API base; requests for .html files use the page origin (decision 1312). */
export function resolveUrl(path: string, query?: QueryParams): string {
  const isAbsolute = /^https?:\/\//i.test(path);
  const base = isHtmlPath(path) || !env.apiUrl ? window.location.origin : env.apiUrl;
  const url = new URL(isAbsolute ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** The body as text, telling `onProgress` of each piece as it arrives. */
async function readText(response: Response, onProgress: ProgressListener): Promise<string> {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isInteger(length) && length > 0 ? length : null;
  onProgress({ loaded: 0, total });
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let loaded = 0;
  for (let piece = await reader.read(); !piece.done; piece = await reader.read()) {
    loaded += piece.value.byteLength;
    text += decoder.decode(piece.value, { stream: true });
    onProgress({ loaded, total });
  }
  return text + decoder.decode();
}

async function readBody(response: Response, onProgress?: ProgressListener): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = onProgress ? await readText(response, onProgress) : await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || type.includes(PROBLEM_CONTENT_TYPE)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The error for a refused call, over HTTP or the socket; a refused token ends the session. */
export function refusal(status: number, body: unknown, token = getToken(), retryAfter: string | null = null): ApiError {
  if (status === 401 && token) onUnauthorized?.();
  return ApiError.fromResponse(status, body, retryAfter);
}

type SendOptions = {
  method?: HttpMethod;
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  keepalive?: boolean;
  accept: string;
};

/** Sends a request with the session's token; a network failure or a refusal (4xx/5xx) throws an ApiError. */
async function send(
  path: string,
  { method = 'GET', body, query, signal, keepalive, accept }: SendOptions,
): Promise<Response> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: `${accept}, ${PROBLEM_CONTENT_TYPE}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = resolveUrl(path, query);
  // The first screen's data may already be on its way (started before the app's code loaded). A change (any
  // other method) may make it stale before a screen asks for it: then it is dropped.
  if (method !== 'GET') dropEarly();
  const early = method === 'GET' && body === undefined ? takeEarly(url, token) : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
        signal,
        keepalive,
      }));
  } catch (error) {
    // A cancelled query is not a failure; let the query layer see the abort as it is.
    if (signal?.aborted) throw error;
    throw ApiError.network();
  }
  if (!response.ok) {
    throw refusal(response.status, await readBody(response), token, response.headers.get('retry-after'));
  }
  return response;
}

async function apiRequest<S extends Schema>(path: string, options: RequestOptions<S>): Promise<z.infer<S>> {
  const { schema, method = 'GET', onProgress, ...rest } = options;
  const response = await send(path, { method, ...rest, accept: 'application/json' });
  const data = await readBody(response, onProgress);
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error.issues);
    throw ApiError.unexpectedResponse();
  }
  return parsed.data;
}

const noContent = z.undefined();

type Input<S> = S extends Schema ? z.input<S> : never;
type ParamsOption<E extends Endpoint> = PathArgs<E['path']> extends [] ? unknown : { params: PathParams<E['path']> };
type QueryOption<E extends Endpoint> = E['query'] extends Schema ? { query?: Input<E['query']> } : unknown;
type BodyOption<E extends Endpoint> = E['body'] extends Schema ? { body: Input<E['body']> } : unknown;

/** What a call of an endpoint takes: its path parameters, query and body as the contract types them. */
export type CallOptions<E extends Endpoint> = ParamsOption<E> &
  QueryOption<E> &
  BodyOption<E> & { signal?: AbortSignal; keepalive?: boolean; onProgress?: ProgressListener };

type CallArgs<E extends Endpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** Calls an endpoint of the contract and checks its answer; a 204 answers undefined. */
export function call<E extends Endpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<EndpointResult<E>> {
  const { params, query, body, signal, keepalive, onProgress } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: QueryParams;
    body?: unknown;
    signal?: AbortSignal;
    keepalive?: boolean;
    onProgress?: ProgressListener;
  };
  const path = fillPath(endpoint.path, params);
  const schema = endpoint.status === 204 ? noContent : endpoint.response;
  return apiRequest(path, { schema, method: endpoint.method, query, body, signal, keepalive, onProgress }) as Promise<
    EndpointResult<E>
  >;
}

/** A file an endpoint answered: its content and the name the server gave it. */
export type DownloadedFile = { blob: Blob; filename: string };

/** The file name of a `Content-Disposition: attachment; filename="…"` header, or the fallback. */
export function filenameOf(disposition: string | null, fallback: string): string {
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Calls an endpoint that answers a file (an export) with the session's token, as `call` does a JSON one. */
export async function download<E extends FileEndpoint>(
  endpoint: E,
  ...[options]: CallArgs<E>
): Promise<DownloadedFile> {
  const { params, query, signal } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: QueryParams;
    signal?: AbortSignal;
  };
  const path = fillPath(endpoint.path, params);
  const response = await send(path, {
    method: endpoint.method,
    query,
    signal,
    accept: fileContentTypes[endpoint.file],
  });
  const fallback = path.split('/').filter(Boolean).pop() ?? 'download';
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition'), fallback) };
}

/** Saves a downloaded file on the user's device, as a link to it clicked would. */
export function saveFile({ blob, filename }: DownloadedFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
