import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { iceServersFor } from './ice-servers.ts';

const now = new Date('2026-03-02T15:00:00Z');
const turn = {
  VISIT_TURN_URLS: 'turn:turn.clinic.example:3478?transport=udp',
  VISIT_TURN_SECRET: 'a-shared-turn-secret',
};

describe('the ICE servers of a visit', () => {
  it('names none by default', () => {
    expect(iceServersFor(loadConfig({}), 7, now)).toEqual([]);
  });

  it("gives TURN credentials of coturn's use-auth-secret, good for an hour", () => {
    const [server] = iceServersFor(loadConfig(turn), 7, now);
    const username = `${now.getTime() / 1000 + 3600}:7`;
    const credential = createHmac('sha1', turn.VISIT_TURN_SECRET).update(username).digest('base64');
    expect(server).toEqual({ urls: ['turn:turn.clinic.example:3478?transport=udp'], username, credential });
  });

  it('refuses TURN without its secret in production, and addresses of another scheme', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.clinic.example',
      APP_SECRET: 'Zq8vN3kP1xT6wR9mB4cY7hJ2sL5dF0gA',
      VIDEO_SIGNING_SECRET: 'Hn4Tq7Wz1Kc8Vb3Xm6Pr9Ls2Dj5Gf0Ya',
    };
    expect(() => loadConfig({ ...production, VISIT_TURN_URLS: turn.VISIT_TURN_URLS })).toThrow(/VISIT_TURN_SECRET/);
    expect(() => loadConfig({ ...production, ...turn })).not.toThrow();
    expect(() => loadConfig({ VISIT_STUN_URLS: 'https://stun.clinic.example' })).toThrow(/VISIT_STUN_URLS/);
  });
});
