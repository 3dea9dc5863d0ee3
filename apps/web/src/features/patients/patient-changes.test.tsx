import { screen, within } from '@testing-library/react';
import { fixtureApi } from '@web/testing/fixture-api.ts';
import { makePatient, makeStaff, manager, patientPage, signedInRoutes, staffPage } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it } from 'vitest';

const maria = makePatient({ mrn: 'MRN-0042' });
const noLogs = { body: { count: 0, next: null, previous: null, results: [] } };

describe('changes to a patient', () => {
  it('edits the details and sends every field back, as the update replaces them all', async () => {
    const api = fixtureApi({
      ...signedInRoutes(),
      'GET /api/v1/patients/101/': { body: maria },
      'GET /api/v1/patients/101/log_interaction/': noLogs,
      'PUT /clinic/patient/101/update': {
        body: { ...maria, phone: '5559876543', mrn: null, insurance_member_id: '1EG4-TE5-MK73' },
      },
    });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const details = await screen.findByRole('region', { name: 'Patient details' });
    expect(within(details).getByText('MRN').nextElementSibling).toHaveTextContent('MRN-0042');
    expect(within(details).getByText('Insurance member ID').nextElementSibling).toHaveTextContent('Not set');
    await app.user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Maria Garcia' });
    expect(within(dialog).getByRole('combobox', { name: 'Diagnosis (ICD-10)' })).toHaveValue(
      'M54.50 — Low back pain, unspecified',
    );
    expect(within(dialog).getByLabelText(/Birthday/)).toHaveValue('Mar 4, 1956');
    const phone = within(dialog).getByLabelText(/Mobile phone/);
    await app.user.clear(phone);
    await app.user.type(phone, '(555) 987-6543');
    expect(within(dialog).getByLabelText(/MRN/)).toHaveValue('MRN-0042');
    await app.user.clear(within(dialog).getByLabelText(/MRN/));
    await app.user.type(within(dialog).getByLabelText(/Insurance member ID/), '1EG4-TE5-MK73');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('The details are saved')).toBeInTheDocument();
    expect(api.calls('PUT /clinic/patient/101/update')[0]?.body).toEqual({
      first_name: 'Maria',
      last_name: 'Garcia',
      phone: '5559876543',
      selected_code: '+1',
      birthday: '1956-03-04',
      email: 'maria@example.com',
      diagnosis: 'M54.50',
      mrn: null,
      insurance_member_id: '1EG4-TE5-MK73',
      is_rtm_covered: true,
      consent_date: '2025-01-10',
      consent_method: 'written',
    });
    expect(await screen.findByRole('link', { name: '+1 (555) 987-6543' })).toBeInTheDocument();
    expect(within(details).getByText('Insurance member ID').nextElementSibling).toHaveTextContent('1EG4-TE5-MK73');
    expect(within(details).getByText('MRN').nextElementSibling).toHaveTextContent('Not set');
  });

  it('changes the treating therapist', async () => {
    const api = fixtureApi({
      ...signedInRoutes(manager),
      'GET /api/v1/patients/': { body: patientPage([maria]) },
      'GET /clinic/therapist': {
        body: staffPage([makeStaff(), makeStaff({ id: 11, first_name: 'Casey', last_name: 'Ortiz' })]),
      },
      'PATCH /api/v1/patients/101/change-therapist/': {
        body: { ...maria, therapist: { id: 11, display_name: 'Casey Ortiz' } },
      },
    });
    const app = renderApp('/patients', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Actions for Maria Garcia' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Change therapist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change therapist of Maria Garcia' });
    expect(dialog).toHaveTextContent('Tara Nguyen treats this patient now.');
    await app.user.click(within(dialog).getByRole('combobox', { name: /New therapist/ }));
    await app.user.click(within(dialog).getByRole('option', { name: 'Casey Ortiz' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Casey Ortiz now treats Maria Garcia')).toBeInTheDocument();
    expect(api.calls('PATCH /api/v1/patients/101/change-therapist/')[0]?.body).toEqual({ therapist_id: 11 });
  });

  it('shows the clinic’s printable QR card with its sign-up address', async () => {
    fixtureApi({ ...signedInRoutes(manager), 'GET /api/v1/patients/': { body: patientPage([maria]) } });
    const app = renderApp('/patients', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'QR sign-up' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR sign-up for patients' });
    const url = `${window.location.origin}/patient/signup?clinic=DEMO01`;
    expect(dialog).toHaveTextContent(url);
    expect(dialog).toHaveTextContent('Clinic code DEMO01');
    expect(await within(dialog).findByRole('img', { name: `QR code that opens ${url}` })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Print' })).toHaveFocus();
  });
});
