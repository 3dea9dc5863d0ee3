import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
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
      <QueryStates
        query={note}
        loading={{ rows: 2, label: 'Loading the note' }}
        failedTitle="The note could not be loaded"
      >
        {(saved) => <InitialNoteEditor key={saved.updated_at ?? 'none'} note={saved} />}
      </QueryStates>
    </>
  );
}
