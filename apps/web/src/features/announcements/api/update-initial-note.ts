import { announcementEndpoints } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { settingsInfoQueryKey } from '@web/features/session';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { initialNoteQueryKey } from './get-initial-note.ts';

export const updateInitialNote = (text: string) =>
  call(announcementEndpoints.updateInitialNote, { body: { initial_note: text } });

/** The answer is the note as it now is; settings-info (what staff read) is read again. */
export function useUpdateInitialNote() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: updateInitialNote,
    meta: { errorHandling: 'form' },
    onSuccess: (note) => {
      queryClient.setQueryData(initialNoteQueryKey, note);
    },
    stale: [settingsInfoQueryKey],
  });
}
