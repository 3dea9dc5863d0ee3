import { defineEndpoints } from './endpoint.ts';
import { exerciseLogBodySchema, exerciseLogSchema, todaySchema } from './patient-app.ts';
import { progressQuerySchema, progressSchema } from './patient-data.ts';

/**
 * The patient's own program and progress (decision 0400), served by the program and patient-data modules.
 * Kept apart from hep.ts because their schemas live in patient-app.ts, which itself builds on hep.ts.
 */
export const patientProgramEndpoints = defineEndpoints('patient app', {
  /** Today's exercises with what is done already, in the clinic's day. */
  today: {
    method: 'GET',
    path: '/api/v1/patient/program/today/',
    access: 'patient-app.use',
    audit: { read: 'hep.read' },
    status: 200,
    response: todaySchema,
  },
  /**
   * Saves an exercise session as its sets are done: 201 for a new log; 200 when its client_id was sent before, with
   * the same log updated by what the body adds (more sets, a pain or difficulty rating).
   */
  logExercise: {
    method: 'POST',
    path: '/api/v1/patient/exercise-logs/',
    access: 'patient-app.use',
    audit: { change: 'exercise.logged' },
    body: exerciseLogBodySchema,
    status: 201,
    // The same client_id sent again answers the log already saved, updated.
    alsoAnswers: [200],
    response: exerciseLogSchema,
  },
  /** One week of the patient's own progress. */
  progress: {
    method: 'GET',
    path: '/api/v1/patient/progress/',
    access: 'patient-app.use',
    audit: { read: 'progress.read' },
    query: progressQuerySchema,
    status: 200,
    response: progressSchema,
  },
});
