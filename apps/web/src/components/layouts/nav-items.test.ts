import type { Role } from '@rehabit/contract';
import { describe, expect, it } from 'vitest';
import { bottomMenuItems, navItemsFor } from './nav-items.ts';

describe('bottom menu entries', () => {
  it.each([
    ['therapist', ['patients', 'dashboard', 'chat', 'exercise-library']],
    ['manager', ['patients', 'dashboard', 'chat', 'exercise-library']],
    ['supervisor', ['patients', 'dashboard', 'chat', 'therapists']],
    ['admin', ['patients', 'chat', 'therapists', 'exercise-library']],
  ] as const)('%s → %o', (role: Role, keys) => {
    expect(bottomMenuItems(navItemsFor(role), role).map((item) => item.key)).toEqual(keys);
  });
});
