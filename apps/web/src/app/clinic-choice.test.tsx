import type { CurrentUser } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type fixtureApi as FixtureApi, fixtureApi } from '../testing/fixture-api.ts';
import { makePatient, makeStaff, patientPage, signedInRoutes, staffPage, therapist } from '../testing/fixtures.ts';
import { renderApp } from '../testing/render-app.tsx';
import { listOf, makeVideo } from '../testing/video-fixtures.ts';

// The platform admin's choice of clinic (decision 1150): every clinic's patients and staff, each row naming its clinic,
// or one clinic's, asked of the server; the header names the choice, and it is kept from one screen to the next.

const admin: CurrentUser = { ...therapist, id: 1, role: 'admin', display_name: 'Ada Admin' };
const demo = { code: 'DEMO01', name: 'Demo Physical Therapy' };
const harbor = { code: 'HBR204', name: 'Harbor Rehab' };
const maria = { ...makePatient(), clinic: demo };
const hugo = { ...makePatient({ id: 102, first_name: 'Hugo', last_name: 'Harbor' }), clinic: harbor };
const tara = makeStaff();
const hana = makeStaff({ id: 31, first_name: 'Hana', last_name: 'Shore', code: harbor.code, clinic_name: harbor.name });

const asked = (api: ReturnType<typeof FixtureApi>, key: string) =>
  api.calls(key).map((request) => request.url.searchParams.get('clinic_code'));

function adminRoutes() {
  return fixtureApi({
    ...signedInRoutes(admin),
    'GET /admin/delivery-status': { body: { email: 'smtp', sms: 'webhook', is_demo: false, warnings: [] } },
    'GET /api/v1/admin/clinic-choices/': { body: { count: 2, next: null, previous: null, results: [demo, harbor] } },
    'GET /api/v1/clinics/HBR204/': {
      body: {
        id: 2,
        ...harbor,
        timezone: 'America/New_York',
        address: null,
        npi: null,
        tin: null,
        is_restricted: false,
        handout_attachments: false,
        has_logo: false,
        supervisor_user_id: null,
      },
    },
    'GET /api/v1/patients/': ({ url }) => ({
      body: patientPage(url.searchParams.get('clinic_code') === harbor.code ? [hugo] : [maria, hugo]),
    }),
    'GET /clinic/therapist': ({ url }) => ({
      body: staffPage(url.searchParams.get('clinic_code') === harbor.code ? [hana] : [tara, hana]),
    }),
    'GET /clinic/supervisor/approval': ({ url }) => ({
      body: staffPage(url.searchParams.get('clinic_code') === harbor.code ? [hana] : [tara, hana]),
    }),
  });
}

const header = () => screen.getByRole('banner');

describe("the platform admin's clinic", () => {
  it('shows every clinic with each row naming its clinic, then the clinic chosen, named in the header and kept', async () => {
    const api = adminRoutes();
    const app = renderApp('/patients', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Patients' });
    expect(header()).toHaveTextContent('All clinics');
    expect(header()).not.toHaveTextContent(demo.name);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Clinic: HBR204 · Harbor Rehab');
    expect(asked(api, 'GET /api/v1/patients/')).toEqual([null]);

    await app.user.click(screen.getByRole('combobox', { name: 'Clinic' }));
    await app.user.click(await screen.findByRole('option', { name: 'Harbor Rehab (HBR204)' }));
    await waitFor(() => expect(asked(api, 'GET /api/v1/patients/').at(-1)).toBe('HBR204'));
    expect(app.location().search).toBe('?clinic=HBR204');
    await waitFor(() => expect(screen.queryByText('Maria Garcia')).not.toBeInTheDocument());
    expect(screen.getByRole('table', { name: 'Patients' })).not.toHaveTextContent('Clinic:');
    await waitFor(() => expect(header()).toHaveTextContent('Harbor Rehab'));

    // The menu's link carries no clinic: the choice is kept, and the address says it again.
    const before = { staff: api.calls('GET /clinic/therapist').length };
    await app.user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Therapists' }),
    );
    await screen.findByRole('table', { name: 'Clinic staff' });
    await waitFor(() => expect(app.location().search).toBe('?clinic=HBR204'));
    expect(asked(api, 'GET /clinic/therapist').slice(before.staff)).toEqual(['HBR204']);
    expect(asked(api, 'GET /clinic/supervisor/approval')).toEqual(['HBR204']);
    expect(header()).toHaveTextContent('Harbor Rehab');
    expect(screen.getByRole('combobox', { name: 'Clinic' })).toHaveTextContent('Harbor Rehab (HBR204)');

    await app.user.click(screen.getByRole('combobox', { name: 'Clinic' }));
    await app.user.click(screen.getByRole('option', { name: 'All clinics' }));
    const staff = await screen.findByRole('table', { name: 'Clinic staff' });
    await waitFor(() => expect(within(staff).getByRole('columnheader', { name: 'Clinic' })).toBeInTheDocument());
    expect(within(staff).getByRole('row', { name: /Hana Shore/ })).toHaveTextContent('Harbor Rehab');
    expect(asked(api, 'GET /clinic/therapist').at(-1)).toBeNull();
    expect(app.location().search).toBe('');
    expect(header()).toHaveTextContent('All clinics');
  });

  it('registers and shows the QR sign-up of the chosen clinic, and says why not for every clinic', async () => {
    const api = adminRoutes();
    const rosa = {
      ...makePatient({ id: 130, first_name: 'Rosa', last_name: 'Diaz', status: 'registered' }),
      clinic: harbor,
    };
    api.set('POST /clinic/patient/register', { status: 201, body: rosa });
    api.set('GET /api/v1/patients/130/', { body: rosa });
    const app = renderApp('/patients', { token: 't' });
    await screen.findByRole('table', { name: 'Patients' });

    // Every clinic: nowhere to register, said to the keyboard and the screen reader as well as on screen.
    const reason = 'Choose a clinic to register a patient or show its QR sign-up.';
    for (const name of ['QR sign-up', 'Register patient']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(reason);
      button.focus();
      expect(button).toHaveFocus();
      await app.user.keyboard('{Enter}');
      await app.user.click(button);
    }
    expect(screen.getByText(reason)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('combobox', { name: 'Clinic' }));
    await app.user.click(await screen.findByRole('option', { name: 'Harbor Rehab (HBR204)' }));
    const qr = screen.getByRole('button', { name: 'QR sign-up' });
    await waitFor(() => expect(qr).not.toHaveAttribute('aria-disabled'));
    expect(screen.queryByText(reason)).not.toBeInTheDocument();

    await app.user.click(qr);
    const card = await screen.findByRole('dialog', { name: 'QR sign-up for patients' });
    await waitFor(() => expect(card).toHaveTextContent(harbor.name));
    expect(card).toHaveTextContent(`${window.location.origin}/patient/signup?clinic=HBR204`);
    expect(card).toHaveTextContent('Clinic code HBR204');
    expect(card).not.toHaveTextContent(demo.name);
    await app.user.keyboard('{Escape}');

    await app.user.click(screen.getByRole('button', { name: 'Register patient' }));
    const form = await screen.findByRole('dialog', { name: 'Register a patient' });
    expect(form).toHaveAccessibleDescription(/^The patient joins Harbor Rehab\./);
    await app.user.type(within(form).getByLabelText(/First name/), 'Rosa');
    await app.user.type(within(form).getByLabelText(/Last name/), 'Diaz');
    await app.user.type(within(form).getByLabelText(/Birthday/), '1956-03-04');
    await app.user.type(within(form).getByLabelText(/Mobile phone/), '5551234567');
    await app.user.click(within(form).getByRole('button', { name: 'Register patient' }));
    await waitFor(() => expect(app.location().pathname).toBe('/patient/130/dashboard'));
    expect(asked(api, 'POST /clinic/patient/register')).toEqual(['HBR204']);
  });

  it("offers the therapists of the patient's own clinic when onboarding from every clinic's list", async () => {
    const api = adminRoutes();
    const newcomer = { ...hugo, status: 'registered' as const, therapist: null, diagnosis: null };
    api.set('GET /api/v1/patients/', { body: patientPage([maria, newcomer]) });
    const app = renderApp('/patients', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Actions for Hugo Harbor' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Onboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Onboard Hugo Harbor' });
    const therapist = within(dialog).getByRole('combobox', { name: /Therapist/ });
    await waitFor(() => expect(therapist).not.toHaveAttribute('aria-disabled'));
    await app.user.click(therapist);
    expect(within(dialog).getByRole('option', { name: 'Hana Shore' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: 'Tara Nguyen' })).not.toBeInTheDocument();
    expect(asked(api, 'GET /clinic/therapist')).toContain('HBR204');
  });

  it('leaves staff in their own clinic, with no choice, no column and the clinic in the header', async () => {
    const api = fixtureApi({ ...signedInRoutes(), 'GET /api/v1/patients/': { body: patientPage([maria]) } });
    renderApp('/patients?clinic=HBR204', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Patients' });
    expect(header()).toHaveTextContent(demo.name);
    expect(screen.queryByRole('combobox', { name: 'Clinic' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Clinic' })).not.toBeInTheDocument();
    expect(asked(api, 'GET /api/v1/patients/')).toEqual([null]);
    expect(api.calls('GET /api/v1/admin/clinic-choices/')).toHaveLength(0);
  });
  it("browses the chosen clinic's usable videos in the exercise library, or every clinic's", async () => {
    const api = adminRoutes();
    api.set('GET /video/list', { body: listOf([makeVideo()]) });
    api.set('GET /video/library', { body: listOf([]) });
    const app = renderApp('/exercise-library?clinic=HBR204', { token: 't' });
    await screen.findByRole('list', { name: 'Videos' });
    expect(asked(api, 'GET /video/list')).toEqual(['HBR204']);
    expect(screen.getByRole('combobox', { name: 'Clinic' })).toHaveTextContent('Harbor Rehab (HBR204)');

    await app.user.click(screen.getByRole('combobox', { name: 'Clinic' }));
    await app.user.click(screen.getByRole('option', { name: 'All clinics' }));
    await waitFor(() => expect(asked(api, 'GET /video/list').at(-1)).toBeNull());
    expect(app.location().search).toBe('');
  });
});
