import { defineEndpoints, fileResponseSchema } from '@rehabit/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fixtureApi, problem } from '../testing/fixture-api.ts';
import { setToken } from './access-token.ts';
import { call, download, resolveUrl, setUnauthorizedHandler } from './api-client.ts';
import { ApiError } from './api-error.ts';

const ok = z.object({ ok: z.boolean() });

const probe = defineEndpoints('probe', {
  check: {
    method: 'GET',
    path: '/clinic/check_code',
    access: 'public',
    query: z.object({ code: z.string(), empty: z.string().optional(), none: z.string().optional() }),
    status: 200,
    response: ok,
  },
  send: {
    method: 'POST',
    path: '/x/:id',
    access: 'signed-in',
    body: z.object({ a: z.number() }),
    status: 200,
    response: ok,
  },
  read: { method: 'GET', path: '/x', access: 'signed-in', status: 200, response: ok },
  logout: { method: 'POST', path: '/clinic/therapist/logout', access: 'signed-in', status: 204, response: z.null() },
  signup: {
    method: 'POST',
    path: '/clinic/therapist/signup',
    access: 'public',
    body: z.object({}),
    status: 201,
    response: ok,
  },
  export: {
    method: 'GET',
    path: '/x/:id/export/',
    access: 'signed-in',
    query: z.object({ month: z.string().optional() }),
    status: 200,
    file: 'csv',
    response: fileResponseSchema,
  },
});

describe('api client', () => {
  beforeEach(() => setToken(null));

  it('calls the same origin by default and sends credentials', async () => {
    const server = fixtureApi({ 'GET /clinic/check_code': { body: { ok: true } } });
    await expect(call(probe.check, { query: { code: 'DEMO01', empty: '', none: undefined } })).resolves.toEqual({
      ok: true,
    });
    const [request] = server.requests;
    expect(request?.url.origin).toBe(window.location.origin);
    expect(request?.url.search).toBe('?code=DEMO01');
    expect(request?.credentials).toBe('include');
    expect(request?.headers.get('authorization')).toBeNull();
  });

  it('sends the stored token as a bearer token and JSON bodies, to the path with its parameters filled', async () => {
    setToken('abc');
    const server = fixtureApi({ 'POST /x/a%2Fb': { body: { ok: true } } });
    await call(probe.send, { params: { id: 'a/b' }, body: { a: 1 } });
    expect(server.requests[0]?.headers.get('authorization')).toBe('Bearer abc');
    expect(server.requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(server.requests[0]?.body).toEqual({ a: 1 });
  });

  it('sends no content type without a body (the server rejects empty JSON)', async () => {
    const server = fixtureApi({ 'POST /clinic/therapist/logout': { status: 204 } });
    await expect(call(probe.logout)).resolves.toBeUndefined();
    expect(server.requests[0]?.headers.get('content-type')).toBeNull();
  });

  it('turns problem details into an ApiError with field errors', async () => {
    fixtureApi({
      'POST /clinic/therapist/signup': problem(409, 'conflict', 'Already exists', { email: ['Taken'] }),
    });
    const error = await call(probe.signup, { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      detail: 'Already exists',
      errors: { email: ['Taken'] },
    });
  });

  it('gives a generic error for a non-problem failure, and one for no connection', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    await expect(call(probe.read)).rejects.toMatchObject({ status: 502, code: 'internal_error' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(call(probe.read)).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('rejects an answer that does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fixtureApi({ 'GET /x': { body: { ok: 'yes' } } });
    await expect(call(probe.read)).rejects.toMatchObject({ code: 'unexpected_response' });
  });

  it('reports a refused token once, and not for anonymous calls', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fixtureApi({ 'GET /x': problem(401, 'unauthenticated') });
    await call(probe.read).catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
    setToken('stale');
    await call(probe.read).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    setUnauthorizedHandler(undefined);
  });

  it('tells how much of a large answer has arrived, out of its Content-Length when the server gives one', async () => {
    const body = JSON.stringify({ ok: true });
    fixtureApi({ 'GET /x': { body: { ok: true }, headers: { 'content-length': String(body.length) } } });
    const progress: Array<{ loaded: number; total: number | null }> = [];
    await expect(call(probe.read, { onProgress: (step) => progress.push(step) })).resolves.toEqual({ ok: true });
    expect(progress[0]).toEqual({ loaded: 0, total: body.length });
    expect(progress.at(-1)).toEqual({ loaded: body.length, total: body.length });

    fixtureApi({ 'GET /x': { body: { ok: true } } });
    const unsized: Array<{ loaded: number; total: number | null }> = [];
    await call(probe.read, { onProgress: (step) => unsized.push(step) });
    expect(unsized.every((step) => step.total === null)).toBe(true);
    expect(unsized.at(-1)?.loaded).toBe(body.length);
  });

  it('resolves .html files against the page origin', () => {
    expect(resolveUrl('/terms.html')).toBe(`${window.location.origin}/terms.html`);
    expect(resolveUrl('/api/v1/users/', { page: 2 })).toBe(`${window.location.origin}/api/v1/users/?page=2`);
  });
});

describe('downloading a file', () => {
  beforeEach(() => {
    setToken('tok');
  });

  it('sends the token, asks for the file type and answers the content with the server’s file name', async () => {
    const api = fixtureApi({
      'GET /x/5/export/': {
        body: 'a,b\r\n1,2\r\n',
        contentType: 'text/csv; charset=utf-8',
        headers: { 'content-disposition': 'attachment; filename="month-2026-01.csv"' },
      },
    });
    const file = await download(probe.export, { params: { id: 5 }, query: { month: '2026-01' } });
    expect(file.filename).toBe('month-2026-01.csv');
    expect(await file.blob.text()).toBe('a,b\r\n1,2\r\n');
    const [request] = api.calls('GET /x/5/export/');
    expect(request?.headers.get('authorization')).toBe('Bearer tok');
    expect(request?.headers.get('accept')).toBe('text/csv, application/problem+json');
    expect(request?.url.search).toBe('?month=2026-01');
  });

  it('throws the problem of a refusal, as a JSON call does', async () => {
    fixtureApi({ 'GET /x/5/export/': problem(403, 'forbidden', 'Not for your role') });
    await expect(download(probe.export, { params: { id: 5 } })).rejects.toMatchObject({ status: 403 });
  });
});
