import { describe, expect, it } from 'vitest';
import { clinicCodeSchema, emailSchema, passwordSchema } from './common.ts';
import { pageQuerySchema, toPage } from './pagination.ts';
import { isOfficeManager, isRestrictedUser } from './roles.ts';

describe('input rules', () => {
  it.each([
    ['demo01', 'DEMO01'],
    [' X5218 ', 'X5218'],
  ])('normalises clinic code %j to %s', (input, expected) => {
    expect(clinicCodeSchema.parse(input)).toBe(expected);
  });

  it.each(['', 'AB', 'TOO-LONG-CODE', 'DEMO 1', "X'1;--"])('refuses clinic code %j', (input) => {
    expect(clinicCodeSchema.safeParse(input).success).toBe(false);
  });

  it('lower-cases e-mails and refuses malformed ones', () => {
    expect(emailSchema.parse(' Therapist@Example.COM ')).toBe('therapist@example.com');
    expect(emailSchema.safeParse('not-an-email').success).toBe(false);
  });

  it('wants passwords of 8 to 128 characters', () => {
    expect(passwordSchema.safeParse('1234567').success).toBe(false);
    expect(passwordSchema.safeParse('12345678').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });
});

describe('server pagination', () => {
  it('defaults to page 1 of 25 and caps the page size at 100', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, page_size: 25 });
    expect(pageQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });

  it.each([
    [1, 25, 60, { next: 2, previous: null }],
    [3, 25, 60, { next: null, previous: 2 }],
    [1, 25, 25, { next: null, previous: null }],
    [2, 10, 0, { next: null, previous: 1 }],
  ])('page %i of size %i over %i items links %j', (page, pageSize, count, links) => {
    expect(toPage([], count, { page, page_size: pageSize })).toMatchObject({ count, ...links });
  });
});

describe('current-user flags', () => {
  it('flags restricted users by clinic code and office managers by role', () => {
    expect(isRestrictedUser({ code: 'X5218' })).toBe(true);
    expect(isRestrictedUser({ code: 'DEMO01' })).toBe(false);
    expect(isRestrictedUser({ code: 'ABC123' }, 'ABC123')).toBe(true);
    expect(isOfficeManager({ role: 'manager' })).toBe(true);
    expect(isOfficeManager({ role: 'therapist' })).toBe(false);
  });
});
