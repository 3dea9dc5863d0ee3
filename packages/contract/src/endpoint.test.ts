import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoints, fillPath, pathOf } from './endpoint.ts';

const area = defineEndpoints('things', {
  list: { method: 'GET', path: '/things/', access: 'signed-in', status: 200, response: z.array(z.string()) },
  one: { method: 'GET', path: '/things/:id/parts/:part', access: 'public', status: 200, response: z.string() },
});

describe('endpoints', () => {
  it('carry the area they belong to', () => {
    expect(area.list.tag).toBe('things');
    expect(area.one).toMatchObject({ tag: 'things', method: 'GET', path: '/things/:id/parts/:part' });
  });

  it('fill their path parameters, encoded', () => {
    expect(pathOf(area.list)).toBe('/things/');
    expect(pathOf(area.one, { id: 12, part: 'a/b c' })).toBe('/things/12/parts/a%2Fb%20c');
  });

  it('refuse a path with a parameter left out', () => {
    expect(() => fillPath('/things/:id/', {})).toThrow('/things/:id/: no value for :id');
  });
});
