import { announcementEndpoints } from '@rehabit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsInfoQueryKey } from '@web/features/session';
import { call } from '@web/lib/api-client.ts';
import { initialNoteQueryKey } from './get-initial-note.ts';

export const updateInitialNote = (text: string) =>
  call(announcementEndpoints.updateInitialNote, { body: { initial_note: text } });

/** The answer is the note as it now is; settings-info (what staff read) is read again. */
export function useUpdateInitialNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInitialNote,
    meta: { errorHandling: 'form' },
    onSuccess: (note) => {
      queryClient.setQueryData(initialNoteQueryKey, note);
      return queryClient.invalidateQueries({ queryKey: settingsInfoQueryKey });
    },
  });
}
