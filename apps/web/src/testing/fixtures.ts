import type { CurrentUser } from '@rehabit/contract';

export const therapist: CurrentUser = {
  id: 7,
  code: 'DEMO01',
  role: 'therapist',
  email: 'therapist@example.com',
  first_name: 'Tara',
  last_name: 'Nguyen',
  display_name: 'Tara Nguyen',
  clinic_name: 'Demo Physical Therapy',
  is_feature_notification_on: false,
  is_new_billing_uploaded: false,
};

export const userPage = (user: CurrentUser) => ({ count: 1, next: null, previous: null, results: [user] });

export const settingsInfo = { support_user_id: 1, initial_note: null };

/** Fixtures every signed-in screen needs. */
export const signedInRoutes = (user: CurrentUser = therapist) => ({
  'GET /api/v1/users/': { body: userPage(user) },
  'GET /user/settings-info': { body: settingsInfo },
  'POST /clinic/therapist/logout': { status: 204 },
});
