import { expect, test } from '@playwright/test';
import { closeInitialNote, demo, demoTherapistHeaders, signIn, snap, uniquePhone, uniqueWord } from './support.ts';

test('a therapist opens a knee-replacement patient, picks the offered protocol, and the program shows its exercises', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A patient of the journey's own, registered with a knee replacement (Z96.651), with no program yet.
  const headers = await demoTherapistHeaders(request);
  const lastName = `Knee${uniqueWord()}`;
  const registered = await request.post('/clinic/patient/register', {
    headers,
    data: {
      first_name: 'Rosa',
      last_name: lastName,
      phone: uniquePhone(),
      selected_code: '+1',
      birthday: '1952-06-14',
      diagnosis: 'Z96.651',
    },
  });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: number };

  await page.goto('/login');
  await signIn(page, demo.therapist.email, demo.therapist.password);
  await closeInitialNote(page);
  await page.goto(`/patient/${id}/dashboard`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(lastName);

  const program = page.getByRole('region', { name: 'Program' });
  await program.getByRole('button', { name: 'Start from a template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start from a template' });
  const offered = dialog.getByRole('list', { name: 'Offered for Z96.651' });
  const knee = offered.getByRole('button', { name: /Total knee replacement/ });
  await expect(knee).toBeVisible();
  await knee.click();
  const preview = dialog.getByRole('region', { name: /Preview of Total knee replacement/ });
  await expect(preview).toContainText('A starting point for clinical judgement, not a prescription.');
  await expect(preview.getByRole('list', { name: /Exercises of/ }).getByRole('listitem')).toHaveCount(6);
  await snap(page, 'program-start-from-template');
  await dialog.getByRole('button', { name: 'Add to program' }).click();
  await expect(page.getByText('6 exercises added to the program')).toBeVisible();

  const list = program.getByRole('list', { name: 'Exercises in order' });
  await expect(list.getByRole('heading', { level: 3 })).toHaveText([
    '1. Ankle Pumps',
    '2. Quad Sets',
    '3. Heel Slides',
    '4. Straight Leg Raise',
    '5. Seated Knee Extension',
    '6. Sit to Stand',
  ]);
});
