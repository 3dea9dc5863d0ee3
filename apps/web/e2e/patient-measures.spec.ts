import { expect, test } from '@playwright/test';
import { onboardedPatient, phonePage, signInByCode } from './patient-support.ts';
import { closeInitialNote, demo, expectAccessible, expectNoSidewaysScroll, signIn, snap } from './support.ts';

test('a therapist assigns NPRS, the patient answers it on the phone from Today, and the therapist sees the score', async ({
  page,
  browser,
}) => {
  const patient = await onboardedPatient(page.request, {
    firstName: 'Lucia',
    lastNameStart: 'Check',
    birthday: '1958-06-12',
    diagnosis: 'M54.50',
  });

  // The therapist assigns the pain check-in every 2 weeks on the patient's dashboard.
  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await page.goto(`/patient/${patient.id}/dashboard`);
  const section = page.getByRole('region', { name: 'Functional data' });
  await section.scrollIntoViewIfNeeded();
  const measuresPart = section.getByRole('region', { name: 'Measures the patient fills in' });
  await expect(measuresPart.getByText('No measure is assigned to the patient yet.')).toBeVisible();
  await measuresPart.getByRole('combobox', { name: 'How often' }).click();
  await page.getByRole('option', { name: 'Every 2 weeks' }).click();
  await measuresPart.getByRole('button', { name: 'Assign' }).click();
  const assigned = measuresPart.getByRole('list', { name: 'Assigned measures' });
  await expect(assigned).toContainText('Numeric Pain Rating Scale, every 2 weeks: Due since');

  // The patient, on a 360 px phone, signs in by code and finds the check-in on Today.
  const phone = await phonePage(browser, { width: 360, height: 780 });
  await signInByCode(phone, patient.phone);
  const card = phone.getByRole('region', { name: 'Check-in: how is your pain?' });
  await expect(card).toBeVisible();
  await snap(phone, 'measure-today');
  await card.getByRole('link', { name: 'Answer now' }).click();

  const form = phone.getByRole('form', { name: 'Pain check-in' });
  await expect(form.getByRole('group', { name: /how would you rate your pain/ })).toBeVisible();
  await expectNoSidewaysScroll(phone);
  // Large targets: every rating button is at least 44 px each way at 360 px.
  for (const box of await form
    .getByRole('button', { name: /^\d+$|^\d+: / })
    .evaluateAll((buttons) =>
      buttons.map((b) => b.getBoundingClientRect()).map((r) => ({ width: r.width, height: r.height })),
    )) {
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  await form.getByRole('button', { name: '3', exact: true }).click();
  await snap(phone, 'measure-nprs-form');
  await expectAccessible(phone);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(phone.getByRole('heading', { name: 'Thank you. Your answers are saved.' })).toBeVisible();
  await phone.getByRole('link', { name: 'Back to Today' }).click();
  await expect(phone.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  await expect(phone.getByRole('region', { name: 'Check-in: how is your pain?' })).toHaveCount(0);
  await phone.context().close();

  // The therapist sees the score as the patient's own entry, and the next due day two weeks on.
  await page.reload();
  const table = page.getByRole('table', { name: 'Numeric Pain Rating Scale entries' });
  await table.scrollIntoViewIfNeeded();
  await expect(table.getByRole('row').nth(1)).toContainText('3');
  await expect(table.getByRole('row').nth(1)).toContainText('Patient');
  await expect(
    page.getByRole('list', { name: 'Assigned measures' }).getByText(/every 2 weeks: Next due .+; last filled in/),
  ).toBeVisible();
  await expect(page.getByText('Minimal clinically important difference: a change of 2 points.')).toBeVisible();
  await snap(page, 'measure-staff');
});
