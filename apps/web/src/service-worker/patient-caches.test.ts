import { describe, expect, it } from 'vitest';
import { isCachedApiRequest, isPosterRequest, posterCacheKey, sessionCacheKey } from './patient-caches.ts';

const origin = 'https://rehabit.example';
const get = (authorization?: string) => ({
  method: 'GET',
  headers: new Headers(authorization ? { Authorization: authorization } : {}),
});
const cached = (path: string, request = get('Bearer patient-token')) =>
  isCachedApiRequest(new URL(path, origin), request, origin);

describe('what the patient worker keeps (decision 1355)', () => {
  it("keeps today's program, the patient's me and the current user, asked with a session", () => {
    expect(cached('/api/v1/patient/program/today/')).toBe(true);
    expect(cached('/api/v1/patient/me/')).toBe(true);
    expect(cached('/api/v1/users/')).toBe(true);
  });

  it('keeps no other answer: staff data, chat, progress, a change, another origin, a query or no session', () => {
    expect(cached('/api/v1/patients/?page=1')).toBe(false);
    expect(cached('/api/v1/patients/12/')).toBe(false);
    expect(cached('/user/settings-info')).toBe(false);
    expect(cached('/api/v1/patient/chat/')).toBe(false);
    expect(cached('/api/v1/patient/progress/')).toBe(false);
    expect(cached('/api/v1/users/?page=2')).toBe(false);
    expect(cached('/api/v1/patient/program/today/', get())).toBe(false);
    expect(
      isCachedApiRequest(
        new URL('/api/v1/patient/exercise-logs/', origin),
        { method: 'POST', headers: new Headers({ Authorization: 'Bearer t' }) },
        origin,
      ),
    ).toBe(false);
    expect(
      isCachedApiRequest(new URL('https://other.example/api/v1/users/'), get('Bearer patient-token'), origin),
    ).toBe(false);
  });

  it("keeps the videos' posters from this origin's video host, never the videos", () => {
    expect(isPosterRequest(new URL('/video-host/poster/abc?expires=1&sig=x', origin), get(), origin)).toBe(true);
    expect(isPosterRequest(new URL('/video-host/play/abc?expires=1&sig=x', origin), get(), origin)).toBe(false);
    expect(isPosterRequest(new URL('https://cdn.example/video-host/poster/abc'), get(), origin)).toBe(false);
  });

  it("keys an answer by its session, so another patient's session on the phone never finds it", async () => {
    const url = `${origin}/api/v1/patient/program/today/`;
    const first = await sessionCacheKey(url, 'Bearer one');
    expect(first).toBe(await sessionCacheKey(url, 'Bearer one'));
    expect(first).not.toBe(await sessionCacheKey(url, 'Bearer two'));
    expect(first).not.toContain('one');
    expect(new URL(first).pathname).toBe('/api/v1/patient/program/today/');
  });

  it('keys a poster by its file, whatever signature its link carries', () => {
    expect(posterCacheKey(`${origin}/video-host/poster/abc?expires=1&sig=x`)).toBe(`${origin}/video-host/poster/abc`);
  });
});
