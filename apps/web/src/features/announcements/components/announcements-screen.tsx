import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { useInitialNote } from '../api/get-initial-note.ts';
import { InitialNoteEditor } from './initial-note-editor.tsx';
import './announcements.css';

/** The platform admin's announcement to every clinic's staff. */
export function AnnouncementsScreen() {
  const note = useInitialNote();
  return (
    <>
      <PageHeader
        title="Announcements"
        description="The note every staff member sees once on their patient list, until they dismiss it."
      />
      {note.isPending ? (
        <SkeletonList rows={2} label="Loading the note" />
      ) : note.isError ? (
        <ErrorState
          title="The note could not be loaded"
          error={note.error}
          onRetry={() => note.refetch()}
          isRetrying={note.isFetching}
        />
      ) : (
        <InitialNoteEditor key={note.data.updated_at ?? 'none'} note={note.data} />
      )}
    </>
  );
}
