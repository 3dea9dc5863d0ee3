import { ExerciseLibrary } from '@web/features/videos/components/exercise-library.tsx';
import './screens.css';

export function ExerciseLibraryRoute() {
  return <ExerciseLibrary />;
}
