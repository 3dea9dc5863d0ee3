import { describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { loadConfig } from '../config.ts';

const pair = webPush.generateVAPIDKeys();
const other = webPush.generateVAPIDKeys();
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://rehabit.clinic.example',
  APP_SECRET: 'k3J9s-Lq2Vx8Rt5Zp0Wm7Yb4Nc6Hd1Fg',
  VIDEO_SIGNING_SECRET: 'Q8w2E5r7T1y4U6i9O3p0A5s7D2f8G4h1',
};

describe('push configuration (decision 1365)', () => {
  it('refuses half a key pair, or two keys that are not a pair, in any environment', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY \/ VAPID_PRIVATE_KEY: set both/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/set both or neither/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey })).toThrow(
      /not a VAPID key pair/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/not a VAPID/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://clinic.example' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey })).toMatchObject({
      VAPID_PUBLIC_KEY: pair.publicKey,
    });
  });

  it('refuses production with PUSH_ENABLED and no keys or subject, and starts with push off without it', () => {
    expect(() => loadConfig({ ...production, PUSH_ENABLED: 'true' })).toThrow(
      /VAPID_PUBLIC_KEY \/ VAPID_PRIVATE_KEY: required with PUSH_ENABLED=true[\s\S]*VAPID_SUBJECT: required/,
    );
    const keys = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey };
    expect(() => loadConfig({ ...production, ...keys, PUSH_ENABLED: 'true' })).toThrow(/VAPID_SUBJECT: required/);
    const on = loadConfig({ ...production, ...keys, PUSH_ENABLED: 'true', VAPID_SUBJECT: 'mailto:it@clinic.example' });
    expect(on.VAPID_SUBJECT).toBe('mailto:it@clinic.example');
    expect(loadConfig(production).VAPID_PUBLIC_KEY).toBeUndefined();
  });
});
