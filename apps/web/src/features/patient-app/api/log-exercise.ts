import { type ExerciseLogBody, patientProgramEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';

/**
 * An exercise session's latest state. The body's client_id names the session, so sending it again, or with a set
 * more or a rating, updates the one log the server keeps for it (decision 1230).
 */
export const logExercise = (body: ExerciseLogBody) => call(patientProgramEndpoints.logExercise, { body });
