import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers.ts';
import { outbox } from '../../db/schema.ts';

const t = await testAppForFile();

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('the demo outbox', () => {
  it('is a page to read in a browser, its text escaped and its links followable, and JSON for everyone else', async () => {
    await t.database.db.insert(outbox).values([
      { channel: 'sms', recipient: '+15552001058', body: 'Your Rehabit code is 482913' },
      {
        channel: 'email',
        recipient: 'ana@example.test',
        subject: 'Reset your <password>',
        body: 'Open https://portal.example.test/reset-password?token=abc&x=1 within an hour.',
      },
    ]);

    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox', headers: { accept: browserAccept } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Outbox</h1>');
    expect(page.body).toContain('Text message to +15552001058');
    expect(page.body).toContain('Your Rehabit code is 482913');
    expect(page.body).toContain('Reset your &lt;password&gt;');
    expect(page.body).not.toContain('<password>');
    expect(page.body).toContain(
      '<a href="https://portal.example.test/reset-password?token=abc&amp;x=1">https://portal.example.test/reset-password?token=abc&amp;x=1</a>',
    );
    // The e-mail, written last, comes first.
    expect(page.body.indexOf('E-mail to ana@example.test')).toBeLessThan(page.body.indexOf('Text message to'));

    for (const accept of [undefined, '*/*', 'application/json']) {
      const json = await t.app.inject({ method: 'GET', url: '/dev/outbox', headers: accept ? { accept } : {} });
      expect(json.headers['content-type']).toMatch(/^application\/json/);
      expect(json.json().results).toHaveLength(2);
    }
  });
});
