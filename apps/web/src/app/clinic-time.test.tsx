import type { AuditEntry } from '@rehabit/contract';
import { screen, within } from '@testing-library/react';
import { clinicDayOf, formatClinicTime } from '@web/components/ui/format/clinic-time.ts';
import { makeMessage, makeSession, page } from '@web/features/chat/chat-fixtures.ts';
import { fixtureApi } from '@web/testing/fixture-api.ts';
import { clinic, signedInRoutes, supervisor, therapist } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Decision 1252: a staff member whose device is in Tokyo reads a New York clinic's times as New York's clocks show them.
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = 'UTC';
});

// 2:30 UTC on March 3rd: 9:30 PM on March 2nd in New York, 11:30 AM on March 3rd in Tokyo.
const at = '2026-03-03T02:30:00.000Z';

describe('times on staff screens', () => {
  it('are the clinic’s, naming its zone when the device reads another', () => {
    expect(formatClinicTime(at, 'America/New_York', 'dateTime')).toBe('Mar 2, 2026, 9:30 PM EST');
    expect(formatClinicTime(at, 'America/New_York', 'date')).toBe('Mar 2, 2026');
    expect(clinicDayOf(at, 'America/New_York')).toBe('2026-03-02');
    // A clinic in the device's own zone needs no name; without the clinic's zone, the device's is named.
    expect(formatClinicTime(at, 'Asia/Tokyo', 'time')).toBe('11:30 AM');
    expect(formatClinicTime(at, undefined, 'time')).toBe('11:30 AM GMT+9');
  });

  it('in the audit log: the clinic’s time to the second, and the note names the zone', async () => {
    const entry: AuditEntry = {
      id: 41,
      at,
      action: 'patient.read',
      outcome: 'success',
      actor: { id: 2, display_name: 'Sam Boss', role: 'supervisor' },
      clinic_code: 'DEMO01',
      patient_id: 101,
      ip: '127.0.0.1',
      detail: null,
    };
    fixtureApi({
      ...signedInRoutes(supervisor),
      'GET /api/v1/clinics/DEMO01/': { body: clinic() },
      'GET /api/v1/admin/audit/': { body: { count: 1, next: null, previous: null, results: [entry] } },
    });
    renderApp('/audit-log', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    expect(await within(table).findByText('Mar 2, 2026, 9:30:00 PM EST')).toHaveAttribute('datetime', at);
    expect(screen.getByText(/Dates and times are the clinic’s \(America\/New York\)/)).toBeInTheDocument();
  });

  it('in chat: a message of the clinic’s yesterday shows that day, not the device’s', async () => {
    fixtureApi({
      ...signedInRoutes(therapist),
      'GET /api/v1/clinics/DEMO01/': { body: clinic() },
      'GET /chat/therapist': { body: page([makeSession(1, { last_message: makeMessage(10, { created_at: at }) })]) },
      'GET /chat/support': { body: page([]) },
    });
    renderApp('/chat', { token: 't' });
    const list = await screen.findByRole('list', { name: 'Patient conversations' });
    expect(await within(list).findByText('Mar 2, 2026')).toBeInTheDocument();
    expect(within(list).queryByText('Mar 3, 2026')).not.toBeInTheDocument();
  });
});
