import { useClinicChoice } from '@web/features/clinics';
import { ClinicPicker } from '@web/features/clinics/components/clinic-picker.tsx';
import { useCurrentUser } from '@web/features/session';
import { ExerciseLibrary } from '@web/features/videos/components/exercise-library.tsx';
import './screens.css';

export function ExerciseLibraryRoute() {
  const user = useCurrentUser().data!;
  // A platform admin browses what one clinic may use, its own library and the global one, or every clinic's videos
  // (decisions 1150 and 1155). Another clinic's library starts again from its first page and filters.
  const clinic = useClinicChoice(user.role);
  return (
    <ExerciseLibrary
      key={clinic.code ?? ''}
      clinicCode={clinic.code}
      clinicPicker={
        clinic.isAdmin && (
          <div className="screen-clinic-picker">
            <ClinicPicker value={clinic.code} onChange={(code) => clinic.choose(code)} />
          </div>
        )
      }
    />
  );
}
