import { CLINIC_LOGO_MAX_BYTES, type Clinic, type CurrentUser } from '@rehabit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtureApi, problem } from '@web/testing/fixture-api.ts';
import { manager, signedInRoutes, supervisor, therapist } from '@web/testing/fixtures.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { describe, expect, it, vi } from 'vitest';

const admin: CurrentUser = { ...therapist, id: 1, role: 'admin', code: 'RHBTHQ', display_name: 'Ada Admin' };
const clinic: Clinic = {
  id: 3,
  code: 'DEMO01',
  name: 'Demo Physical Therapy',
  timezone: 'America/New_York',
  address: '1 Main St',
  npi: null,
  tin: null,
  is_restricted: false,
  handout_attachments: false,
  has_logo: false,
  supervisor_user_id: 2,
};
const settings = { timezone: 'America/New_York', rates: [], staff: [] };
const routes = (user: CurrentUser, code = 'DEMO01') => ({
  ...signedInRoutes(user),
  [`GET /api/v1/clinics/${code}/`]: { body: { ...clinic, code } },
  'GET /api/v1/clinic/billing-settings/': { body: settings },
  'GET /admin/delivery-status': { body: { email: 'smtp', sms: 'webhook', is_demo: false, warnings: [] } },
});
const PATCH = 'PATCH /api/v1/clinics/DEMO01/';

describe('the clinic settings screen', () => {
  it('lets the supervisor change the clinic’s details, sending only what changed, beside the billing settings', async () => {
    const api = fixtureApi({
      ...routes(supervisor),
      [PATCH]: { body: { ...clinic, name: 'Lakeside Therapy', npi: '1234567893' } },
    });
    const app = renderApp('/clinic-settings', { token: 't' });
    const form = await screen.findByRole('form', { name: 'Clinic details' });
    const name = within(form).getByRole('textbox', { name: /Clinic name/ });
    expect(name).toHaveValue('Demo Physical Therapy');
    expect(await screen.findByRole('heading', { name: 'Billing settings' })).toBeInTheDocument();

    await app.user.clear(name);
    await app.user.type(name, 'Lakeside Therapy');
    await app.user.type(within(form).getByRole('textbox', { name: /Clinic NPI/ }), '1234567893');
    await app.user.click(within(form).getByRole('button', { name: 'Save clinic details' }));
    expect(await screen.findByText('Clinic details saved')).toBeInTheDocument();
    expect(api.calls(PATCH)[0]?.body).toEqual({ name: 'Lakeside Therapy', npi: '1234567893' });
  });

  it('checks the identifiers before sending, and shows the server’s refusal on its field', async () => {
    const api = fixtureApi({
      ...routes(supervisor),
      [PATCH]: problem(400, 'validation_failed', 'A TIN is 9 digits', { tin: ['A TIN is 9 digits, like 12-3456789'] }),
    });
    const app = renderApp('/clinic-settings', { token: 't' });
    const form = await screen.findByRole('form', { name: 'Clinic details' });
    await app.user.type(within(form).getByRole('textbox', { name: /Clinic NPI/ }), '123');
    await app.user.click(within(form).getByRole('button', { name: 'Save clinic details' }));
    expect(await within(form).findByText('An NPI is 10 digits')).toBeInTheDocument();
    expect(api.calls(PATCH)).toHaveLength(0);

    await app.user.clear(within(form).getByRole('textbox', { name: /Clinic NPI/ }));
    await app.user.type(within(form).getByRole('textbox', { name: /TIN/ }), '12-3456789');
    await app.user.click(within(form).getByRole('button', { name: 'Save clinic details' }));
    await waitFor(() => expect(api.calls(PATCH)).toHaveLength(1));
    expect(within(form).getByRole('textbox', { name: /TIN/ })).toHaveAccessibleDescription(
      expect.stringContaining('A TIN is 9 digits, like 12-3456789'),
    );
  });

  it('asks an admin who named no clinic to choose one', async () => {
    fixtureApi(routes(admin, 'HBR204'));
    renderApp('/clinic-settings', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'Choose a clinic' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to clinics' })).toHaveAttribute('href', '/admin/clinics');
  });

  it('opens the clinic an admin names', async () => {
    fixtureApi(routes(admin, 'HBR204'));
    renderApp('/clinic-settings?clinic=HBR204', { token: 't' });
    const form = await screen.findByRole('form', { name: 'Clinic details' });
    expect(within(form).getByRole('textbox', { name: /Clinic name/ })).toHaveValue('Demo Physical Therapy');
  });

  it.each([therapist, manager])('refuses the $role plainly', async (user) => {
    const api = fixtureApi(routes(user));
    renderApp('/clinic-settings', { token: 't' });
    expect(
      await screen.findByRole('heading', { name: 'This page is for supervisors and platform admins' }),
    ).toBeInTheDocument();
    expect(api.calls('GET /api/v1/clinics/DEMO01/')).toHaveLength(0);
  });

  it('turns the handout’s PDF attachment on, with its explanation', async () => {
    const api = fixtureApi({ ...routes(supervisor), [PATCH]: { body: { ...clinic, handout_attachments: true } } });
    const app = renderApp('/clinic-settings', { token: 't' });
    const setting = await screen.findByRole('switch', { name: 'Attach the handout’s PDF to e-mails' });
    expect(setting).toHaveAttribute('aria-checked', 'false');
    expect(setting).toHaveAccessibleDescription(
      /E-mail the program handout as a PDF attachment\. E-mail is not encrypted end to end: the attachment holds the patient's exercise program\./,
    );
    await app.user.click(setting);
    expect(await screen.findByText('Handout e-mails now carry the PDF')).toBeInTheDocument();
    expect(api.calls(PATCH).map((request) => request.body)).toEqual([{ handout_attachments: true }]);
    await waitFor(() => expect(setting).toHaveAttribute('aria-checked', 'true'));
  });

  it('shows, uploads and removes the clinic’s logo, with the server’s refusal in words', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:logo');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const LOGO = 'PUT /api/v1/clinics/DEMO01/logo/';
    let uploads = 0;
    const api = fixtureApi({
      ...routes(supervisor),
      [LOGO]: () =>
        ++uploads === 1
          ? problem(400, 'validation_failed', 'This file is not a PNG image: choose a PNG or JPEG file')
          : { body: { ...clinic, has_logo: true } },
      'GET /api/v1/clinics/DEMO01/logo/': { body: 'PNG bytes', contentType: 'image/png' },
      'DELETE /api/v1/clinics/DEMO01/logo/': { body: { ...clinic, has_logo: false } },
    });
    const app = renderApp('/clinic-settings', { token: 't' });
    expect(await screen.findByText('No logo yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove logo' })).not.toBeInTheDocument();
    const input = screen.getByLabelText('Upload a logo (PNG or JPEG, up to 200 kB)');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg');

    // Too large: said at once, nothing sent.
    await app.user.upload(
      input,
      new File([new Uint8Array(CLINIC_LOGO_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('“huge.png” is 201 kB: a logo can be at most 200 kB.')).toBeInTheDocument();
    expect(api.calls(LOGO)).toHaveLength(0);

    // The server's refusal is shown on the field; the same file sent again is taken.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const file = () => new File([png], 'logo.png', { type: 'image/png' });
    await app.user.upload(screen.getByLabelText('Upload a logo (PNG or JPEG, up to 200 kB)'), file());
    expect(await screen.findByText('This file is not a PNG image: choose a PNG or JPEG file')).toBeInTheDocument();
    await app.user.upload(screen.getByLabelText('Upload a logo (PNG or JPEG, up to 200 kB)'), file());
    expect(await screen.findByText('Logo saved')).toBeInTheDocument();
    expect(api.calls(LOGO).map((request) => request.body)).toEqual([
      { image: 'iVBORw0KGgoBAgM=', type: 'image/png' },
      { image: 'iVBORw0KGgoBAgM=', type: 'image/png' },
    ]);

    // The new logo is read with the session's token and shown.
    expect(await screen.findByRole('img', { name: 'Current logo' })).toHaveAttribute('src', 'blob:logo');
    const read = api.calls('GET /api/v1/clinics/DEMO01/logo/');
    expect(read).toHaveLength(1);
    expect(read[0]!.headers.get('authorization')).toBe('Bearer t');
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('PNG bytes');

    await app.user.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('Logo removed')).toBeInTheDocument();
    expect(await screen.findByText('No logo yet')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Current logo' })).not.toBeInTheDocument();
    expect(api.calls('DELETE /api/v1/clinics/DEMO01/logo/')).toHaveLength(1);
  });
});
