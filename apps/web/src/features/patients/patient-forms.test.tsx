import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem, type RecordedRequest } from '@web/testing/fixture-api.ts';
import { makePatient, makeStaff, manager, patientPage, signedInRoutes, staffPage } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it } from 'vitest';
import { james } from './patient-fixtures.ts';

const icd10 = ({ url }: RecordedRequest) =>
  url.searchParams.get('search') === 'low back'
    ? {
        body: {
          count: 2,
          next: null,
          previous: null,
          results: [
            { code: 'M54.50', description: 'Low back pain, unspecified' },
            { code: 'M54.51', description: 'Vertebrogenic low back pain' },
          ],
        },
      }
    : { body: { count: 0, next: null, previous: null, results: [] } };

const staff = staffPage([
  makeStaff({ id: 7, first_name: 'Tara', last_name: 'Nguyen' }),
  makeStaff({ id: 8, first_name: 'Morgan', last_name: 'Lee', role: 'manager' }),
  makeStaff({ id: 2, first_name: 'Sam', last_name: 'Boss', role: 'supervisor' }),
  makeStaff({ id: 9, first_name: 'Blocked', last_name: 'Person', has_access: false }),
]);

describe('register a patient', () => {
  it('says what is missing in words, then registers and opens the new dashboard', async () => {
    const created = makePatient({ id: 120, first_name: 'Rosa', last_name: 'Diaz', status: 'registered' });
    const api = fixtureApi({
      ...signedInRoutes(manager),
      'GET /api/v1/patients/': { body: patientPage([]) },
      'GET /api/v1/icd10_codes/': icd10,
      'POST /clinic/patient/register': { status: 201, body: created },
      'GET /api/v1/patients/120/': { body: created },
      'GET /api/v1/patients/120/log_interaction/': { body: { count: 0, next: null, previous: null, results: [] } },
    });
    const app = renderApp('/patients', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Register patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a patient' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Register patient' }));
    expect(await within(dialog).findByText('Enter the first name')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the birthday')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the phone number')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/First name/)).toHaveFocus();

    await app.user.type(within(dialog).getByLabelText(/First name/), 'Rosa');
    await app.user.type(within(dialog).getByLabelText(/Last name/), 'Diaz');
    await app.user.type(within(dialog).getByLabelText(/Birthday/), '03/04/1956');
    await app.user.type(within(dialog).getByLabelText(/Mobile phone/), '555 12');
    await app.user.type(within(dialog).getByLabelText(/E-mail/), 'not-an-email');
    await app.user.type(within(dialog).getByLabelText(/MRN/), ' MRN-77 ');
    await app.user.type(within(dialog).getByLabelText(/Insurance member ID/), '1EG4 TE5');
    await app.user.type(within(dialog).getByRole('combobox', { name: 'Diagnosis (ICD-10)' }), 'low back');
    await app.user.click(await within(dialog).findByRole('option', { name: /M54.50/ }));
    await app.user.click(within(dialog).getByRole('checkbox', { name: "The patient's payer covers RTM" }));
    await app.user.click(within(dialog).getByRole('combobox', { name: 'Consent given' }));
    await app.user.click(within(dialog).getByRole('option', { name: 'Verbal' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Register patient' }));
    expect(await within(dialog).findByText('The phone number is too short')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(within(dialog).getByText('Give both the consent date and how consent was given')).toBeInTheDocument();
    expect(
      within(dialog).getByText('The member ID takes letters, digits and dashes only, starting with a letter or digit'),
    ).toBeInTheDocument();
    expect(api.calls('POST /clinic/patient/register')).toHaveLength(0);

    await app.user.clear(within(dialog).getByLabelText(/Insurance member ID/));
    await app.user.type(within(dialog).getByLabelText(/Insurance member ID/), '1EG4-TE5-MK73');

    await app.user.type(within(dialog).getByLabelText(/Mobile phone/), '34567');
    await app.user.clear(within(dialog).getByLabelText(/E-mail/));
    await app.user.type(within(dialog).getByLabelText(/Consent date/), '01/10/2025');
    await app.user.click(within(dialog).getByRole('button', { name: 'Register patient' }));
    await waitFor(() => expect(app.location().pathname).toBe('/patient/120/dashboard'));
    expect(api.calls('POST /clinic/patient/register')[0]?.body).toEqual({
      first_name: 'Rosa',
      last_name: 'Diaz',
      phone: '5551234567',
      selected_code: '+1',
      birthday: '1956-03-04',
      diagnosis: 'M54.50',
      mrn: 'MRN-77',
      insurance_member_id: '1EG4-TE5-MK73',
      is_rtm_covered: true,
      consent_date: '2025-01-10',
      consent_method: 'verbal',
    });
    expect(await screen.findByText('Rosa Diaz is registered')).toBeInTheDocument();
  });

  it('puts the server’s field messages on the fields', async () => {
    fixtureApi({
      ...signedInRoutes(manager),
      'GET /api/v1/patients/': { body: patientPage([]) },
      'POST /clinic/patient/register': problem(400, 'validation_failed', 'Check the highlighted fields', {
        phone: ['This phone number belongs to another patient'],
      }),
    });
    const app = renderApp('/patients', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Register patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a patient' });
    await app.user.type(within(dialog).getByLabelText(/First name/), 'Rosa');
    await app.user.type(within(dialog).getByLabelText(/Last name/), 'Diaz');
    await app.user.type(within(dialog).getByLabelText(/Birthday/), '1956-03-04');
    await app.user.type(within(dialog).getByLabelText(/Mobile phone/), '5551234567');
    await app.user.click(within(dialog).getByRole('button', { name: 'Register patient' }));
    expect(await within(dialog).findByText('This phone number belongs to another patient')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Mobile phone/)).toHaveFocus();
  });
});

describe('onboard a patient', () => {
  it('finds the diagnosis by words and offers only staff who can treat', async () => {
    const api = fixtureApi({
      ...signedInRoutes(manager),
      'GET /api/v1/patients/': { body: patientPage([james]) },
      'GET /clinic/therapist': { body: staff },
      'GET /api/v1/icd10_codes/': icd10,
      'POST /api/v1/patients/102/onboard/': {
        body: {
          ...james,
          status: 'onboarded',
          diagnosis: 'M54.50',
          therapist: { id: 2, display_name: 'Sam Boss' },
        },
      },
    });
    const app = renderApp('/patients', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Actions for James Brown' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Onboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Onboard James Brown' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Onboard' }));
    expect(await within(dialog).findByText('Choose an ICD-10 code from the list')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the treating therapist')).toBeInTheDocument();

    const diagnosis = within(dialog).getByRole('combobox', { name: /Diagnosis/ });
    await app.user.type(diagnosis, 'low back');
    const first = await within(dialog).findByRole('option', { name: /M54.50 Low back pain, unspecified/ });
    // The first match is highlighted once the list has rendered (a render after the options, on a busy machine).
    await waitFor(() => expect(diagnosis).toHaveAttribute('aria-activedescendant', first.id));
    // One search once typing pauses, not one per key.
    expect(api.calls('GET /api/v1/icd10_codes/').map((request) => request.url.searchParams.get('search'))).toEqual([
      'low back',
    ]);
    await app.user.keyboard('{Enter}');
    expect(diagnosis).toHaveValue('M54.50 — Low back pain, unspecified');

    await app.user.click(within(dialog).getByRole('combobox', { name: /Therapist/ }));
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tara Nguyen', 'Sam Boss (Supervisor)']);
    await app.user.click(within(dialog).getByRole('option', { name: 'Sam Boss (Supervisor)' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Onboard' }));
    expect(await screen.findByText('James Brown is onboarded')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/patients/102/onboard/')[0]?.body).toEqual({ diagnosis: 'M54.50', therapist: 2 });
  });

  it('on the dashboard, reads the patient again: the call and chat status of an onboarded patient shows at once', async () => {
    const registered = makePatient({
      status: 'registered',
      diagnosis: null,
      diagnosis_description: null,
      therapist: null,
    });
    const onboarded = {
      ...makePatient(),
      call_status: { status: 'CALL_NOK', is_needed: true, needs_reminder: false },
      chat_freshness: null,
    };
    let isOnboarded = false;
    fixtureApi({
      ...signedInRoutes(),
      'GET /api/v1/patients/101/': () => ({ body: isOnboarded ? onboarded : registered }),
      'GET /api/v1/patients/101/log_interaction/': { body: { count: 0, next: null, previous: null, results: [] } },
      'GET /clinic/therapist': { body: staff },
      'GET /api/v1/icd10_codes/': icd10,
      'POST /api/v1/patients/101/onboard/': () => {
        isOnboarded = true;
        // The change's answer carries no call or chat status (decision 0901).
        return { body: { ...makePatient(), call_status: undefined, chat_freshness: undefined } };
      },
    });
    const app = renderApp('/patient/101/dashboard', { token: 't' });
    const header = await screen.findByRole('region', { name: 'Patient details' });
    expect(within(header).getByText('Not in monitoring')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Onboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Onboard Maria Garcia' });
    await app.user.type(within(dialog).getByRole('combobox', { name: /Diagnosis/ }), 'low back');
    await app.user.click(await within(dialog).findByRole('option', { name: /M54.50/ }));
    await app.user.click(within(dialog).getByRole('combobox', { name: /Therapist/ }));
    await app.user.click(within(dialog).getByRole('option', { name: 'Tara Nguyen' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Onboard' }));
    expect(await within(header).findByText('call needed')).toBeInTheDocument();
    expect(within(header).queryByText('Not in monitoring')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of the therapist on the therapist field', async () => {
    fixtureApi({
      ...signedInRoutes(),
      'GET /api/v1/patients/': { body: patientPage([james]) },
      'GET /clinic/therapist': { body: staff },
      'GET /api/v1/icd10_codes/': icd10,
      'POST /api/v1/patients/102/onboard/': problem(400, 'validation_failed', 'Check the fields', {
        therapist: ['Choose an active therapist of this clinic'],
      }),
    });
    const app = renderApp('/patients', { token: 't' });
    await app.user.click(await screen.findByRole('button', { name: 'Actions for James Brown' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Onboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Onboard James Brown' });
    // A therapist who onboards is proposed as the treating therapist.
    expect(within(dialog).getByRole('combobox', { name: /Therapist/ })).toHaveTextContent('Tara Nguyen');
    await app.user.type(within(dialog).getByRole('combobox', { name: /Diagnosis/ }), 'low back');
    await app.user.click(await within(dialog).findByRole('option', { name: /M54.51/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Onboard' }));
    expect(await within(dialog).findByText('Choose an active therapist of this clinic')).toBeInTheDocument();
  });
});
