import { describe, expect, it } from 'vitest';
import { openableUrl, patientWindowOf, REMINDER_TAG, reminderNotification } from './patient-push.ts';

const origin = 'https://rehabit.example';

describe('a push reminder on the phone (decision 1365)', () => {
  it('shows the server’s words, one at a time, and opens the page it names', () => {
    const shown = reminderNotification(
      { title: 'Rehabit', body: 'A friendly reminder for today.', url: `${origin}/my/today` },
      origin,
    );
    expect(shown).toEqual({
      title: 'Rehabit',
      options: {
        body: 'A friendly reminder for today.',
        icon: '/my/icons/icon-192.png',
        badge: '/my/icons/icon-192.png',
        tag: REMINDER_TAG,
        data: { url: `${origin}/my/today` },
      },
    });
  });

  it('still shows something plain for a message it cannot read', () => {
    for (const payload of [undefined, null, 'text', { title: 42, body: ['x'] }]) {
      const shown = reminderNotification(payload, origin);
      expect(shown.title).toBe('Rehabit');
      expect(shown.options.data.url).toBe(`${origin}/my/today`);
    }
  });

  it('opens only this origin’s patient pages', () => {
    expect(openableUrl(`${origin}/my/progress`, origin)).toBe(`${origin}/my/progress`);
    expect(openableUrl('/my/reminders', origin)).toBe(`${origin}/my/reminders`);
    for (const url of [
      'https://evil.example/my/today',
      `${origin}/patients/12/`,
      `${origin}/patient/login`,
      'javascript:alert(1)',
      '//evil.example/my/today',
      42,
    ]) {
      expect(openableUrl(url, origin), String(url)).toBe(`${origin}/my/today`);
    }
  });

  it('brings forward an open patient window, never a staff page', () => {
    const windows = [{ url: `${origin}/patients/` }, { url: `${origin}/my/chat` }];
    expect(patientWindowOf(windows, origin)).toBe(windows[1]);
    expect(patientWindowOf([{ url: `${origin}/dashboard` }], origin)).toBeUndefined();
  });
});
