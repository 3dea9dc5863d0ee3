import type { Problem } from '@rehabit/contract';
import { vi } from 'vitest';

/** A recorded request, as the server would have seen it. */
export type RecordedRequest = {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
};

/** A JSON body, or a string sent as it is when the content type is not JSON (a CSV file). */
type FixtureResponse = { status?: number; body?: unknown; contentType?: string; headers?: Record<string, string> };
type Fixture = FixtureResponse | ((request: RecordedRequest) => FixtureResponse | Promise<FixtureResponse>);

export const problem = (status: number, code: string, detail?: string, errors?: Record<string, string[]>) => ({
  status,
  contentType: 'application/problem+json',
  body: { type: `https://rehabit.app/problems/${code}`, title: code, status, code, detail, errors } satisfies Problem,
});

/**
 * Stands in for the network: answers fixed responses by "METHOD /path" through the real fetch
 * interface, so the app's own client, query layer and forms run unchanged.
 */
export function fixtureApi(routes: Record<string, Fixture> = {}) {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init.method ?? 'GET').toUpperCase();
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    requests.push(request);
    const fixture = table.get(`${method} ${url.pathname}`);
    const answer = typeof fixture === 'function' ? await fixture(request) : fixture;
    const response: FixtureResponse = answer ?? problem(404, 'not_found', 'No fixture');
    const { status = 200, body, contentType = 'application/json', headers = {} } = response;
    const raw = typeof body === 'string' && !contentType.includes('json');
    return new Response(status === 204 || body === undefined ? null : raw ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': contentType, ...headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);

  return {
    requests,
    set: (key: string, fixture: Fixture) => table.set(key, fixture),
    /** Requests to one endpoint, e.g. calls('POST /clinic/therapist/logout'). */
    calls: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}
