import { makePatient } from '@web/testing/fixtures.ts';

/** James Brown, registered and waiting to be onboarded: no diagnosis, no treating therapist, no RTM coverage yet. */
export const james = makePatient({
  id: 102,
  first_name: 'James',
  last_name: 'Brown',
  status: 'registered',
  diagnosis: null,
  diagnosis_description: null,
  therapist: null,
  is_rtm_covered: false,
});
