export { useExerciseOutbox } from './lib/exercise-outbox.ts';
