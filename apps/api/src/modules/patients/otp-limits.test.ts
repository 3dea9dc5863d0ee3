import { describe, expect, it } from 'vitest';
import { clientKey, inWords, retryAfter, sendRefusal, verifyRefusal, wrongCodeMessage } from './otp-limits.ts';

const now = new Date('2026-03-02T15:00:00Z');
const minutesAgo = (minutes: number, client: string | null = 'a') => ({
  at: new Date(now.getTime() - minutes * 60_000),
  client,
});

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:0:0:9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
    ['1::2:3:4:5:203.0.113.7', '1:0:2:3::/64'],
    [null, 'unknown'],
  ])('%s is counted as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});

describe('waits in words', () => {
  it.each([
    [400, '1 second', '1'],
    [60_000, '60 seconds', '60'],
    [90_500, '2 minutes', '91'],
    [7 * 60_000, '7 minutes', '420'],
    [90 * 60_000 + 1, '2 hours', '5401'],
    [23.4 * 3600_000, '24 hours', '84240'],
  ])('%d ms is %s, Retry-After %s', (ms, words, header) => {
    expect(inWords(ms)).toBe(words);
    expect(retryAfter(ms)).toBe(header);
  });
});

describe('sendRefusal', () => {
  it('tells of the longest wait among the rules that refuse', () => {
    const sends = [minutesAgo(9), minutesAgo(5), minutesAgo(0.5)];
    expect(sendRefusal(sends, 'a', now)).toMatchObject({ waitMs: 60_000, message: expect.stringContaining('3 codes') });
    expect(sendRefusal(sends, 'b', now)).toMatchObject({ waitMs: 30_000, message: expect.stringContaining('moment') });
  });

  it('counts codes of unknown clients only for the phone', () => {
    const old = Array.from({ length: 19 }, (_, i) => minutesAgo(60 + i, null));
    expect(sendRefusal(old, 'a', now)).toBeUndefined();
    expect(sendRefusal([...old, minutesAgo(2, 'c')], 'a', now)?.message).toContain('today');
  });
});

describe('wrong codes', () => {
  it('says the fewest tries left among the code, the client and the phone', () => {
    const failures = [...Array.from({ length: 8 }, () => minutesAgo(30, 'b')), ...[1, 2, 3].map(() => minutesAgo(1))];
    expect(wrongCodeMessage(1, failures, 'a', now)).toBe('The code is not right. 4 tries left.');
    const phoneNearlyDone = [...failures, ...Array.from({ length: 8 }, () => minutesAgo(20, 'c'))];
    expect(wrongCodeMessage(1, phoneNearlyDone, 'a', now)).toBe('The code is not right. 1 try left.');
    expect(wrongCodeMessage(5, failures, 'a', now)).toBe('Too many wrong codes. Ask for a new one.');
    const phoneDone = [...phoneNearlyDone, minutesAgo(0)];
    expect(wrongCodeMessage(2, phoneDone, 'a', now)).toBe(
      'The code is not right. Too many wrong codes were entered for this phone. Try again in 24 hours or ask your clinic for help.',
    );
    expect(verifyRefusal(phoneDone, 'd', now)?.waitMs).toBe((24 * 60 - 30) * 60_000);
  });
});
