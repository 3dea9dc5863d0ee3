import { describe, expect, it } from 'vitest';
import { sendRefusal, triesLeft, verifyRefusal, wrongCodeMessage } from './otp-limits.ts';

const now = new Date('2026-03-02T15:00:00Z');
const minutesAgo = (minutes: number, client: string | null = 'a') => ({
  at: new Date(now.getTime() - minutes * 60_000),
  client,
});

describe('sendRefusal', () => {
  it('tells of the longest wait among the rules that refuse', () => {
    const sends = [minutesAgo(9), minutesAgo(5), minutesAgo(0.5)];
    expect(sendRefusal(sends, 'a', now)).toMatchObject({ waitMs: 60_000, message: expect.stringContaining('3 codes') });
    expect(sendRefusal(sends, 'b', now)).toMatchObject({ waitMs: 30_000, message: expect.stringContaining('moment') });
  });

  it('holds a phone back for minutes at most, however many codes it was sent today', () => {
    const many = Array.from({ length: 60 }, (_, i) => minutesAgo(16 + i * 3, `c${i}`));
    expect(sendRefusal(many, 'a', now)).toBeUndefined();
    const busy = [...many, ...[14, 10, 6, 3, 2].map((minutes) => minutesAgo(minutes, 'x'))];
    expect(sendRefusal(busy, 'a', now)).toMatchObject({
      waitMs: 60_000,
      message: expect.stringContaining('15 minutes'),
    });
  });
});

describe('wrong codes', () => {
  const own = { client: 'a', attempts: 0, foreignAttempts: 0 };

  it('leaves a code all its tries for the client that asked for it, and two for anyone else', () => {
    expect(triesLeft(own, 'a')).toBe(5);
    expect(triesLeft(own, 'b')).toBe(2);
    expect(triesLeft({ ...own, attempts: 2, foreignAttempts: 2 }, 'a')).toBe(3);
    expect(triesLeft({ ...own, attempts: 2, foreignAttempts: 2 }, 'b')).toBe(0);
    expect(triesLeft({ ...own, attempts: 4 }, 'b')).toBe(1);
  });

  it('says the fewer tries left of the code and the client, and never counts others against the client', () => {
    const others = Array.from({ length: 30 }, () => minutesAgo(30, 'b'));
    const mine = [1, 2, 3].map(() => minutesAgo(1));
    expect(wrongCodeMessage({ ...own, attempts: 1 }, [...others, ...mine], 'a', now)).toBe(
      'The code is not right. 4 tries left.',
    );
    const nearlyDone = [...mine, ...Array.from({ length: 6 }, () => minutesAgo(20))];
    expect(wrongCodeMessage({ ...own, attempts: 1 }, nearlyDone, 'a', now)).toBe('The code is not right. 1 try left.');
    expect(wrongCodeMessage({ ...own, attempts: 5 }, mine, 'a', now)).toContain('no longer works. Ask for a new code.');
    const done = [...nearlyDone, minutesAgo(0)];
    expect(wrongCodeMessage({ ...own, attempts: 2 }, done, 'a', now)).toBe(
      'The code is not right. Too many wrong codes were entered for this phone from your network. Try again in 24 hours or ask your clinic for help.',
    );
    expect(verifyRefusal(done, 'a', now)?.waitMs).toBe((24 * 60 - 20) * 60_000);
    expect(verifyRefusal(done, 'b', now)).toBeUndefined();
  });
});
