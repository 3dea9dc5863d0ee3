import { describe, expect, it } from 'vitest';
import { clientKey, inWords, retryAfter } from './waits.ts';

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
