import { zodResolver } from '@hookform/resolvers/zod';
import { INITIAL_NOTE_MAX, type InitialNote, initialNoteBodySchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { TextArea } from '@web/components/ui/field/text-area.tsx';
import { ClinicTime } from '@web/features/clinics';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { notify } from '@web/lib/notify.ts';
import { useForm } from 'react-hook-form';
import { useUpdateInitialNote } from '../api/update-initial-note.ts';

/** Edits the note with a preview of the window staff see; publishing a change shows it to them once more. */
export function InitialNoteEditor({ note }: { note: InitialNote }) {
  const form = useForm({
    resolver: zodResolver(initialNoteBodySchema),
    defaultValues: { initial_note: note.initial_note ?? '' },
  });
  const update = useUpdateInitialNote();
  const { errors, isSubmitting } = form.formState;
  const draft = form.watch('initial_note').trim();
  const isUnchanged = draft === (note.initial_note ?? '');

  const save = form.handleSubmit(
    withServerErrors(form, ['initial_note'], async ({ initial_note }) => {
      const saved = await update.mutateAsync(initial_note);
      form.reset({ initial_note: saved.initial_note ?? '' });
      notify.success(saved.initial_note ? 'Note published: staff see it once more' : 'Note cleared');
    }),
  );

  return (
    <div className="announcements">
      <form className="section-card announcements__form" onSubmit={save} noValidate aria-label="Initial note">
        <h2 className="section-card__title">Initial note</h2>
        {errors.root?.server?.message && <Alert tone="danger">{errors.root.server.message}</Alert>}
        <TextArea
          label="Note to every clinic's staff"
          rows={8}
          maxLength={INITIAL_NOTE_MAX}
          hint={`Up to ${INITIAL_NOTE_MAX} characters. Leave empty to show no note.`}
          error={errors.initial_note?.message}
          {...form.register('initial_note')}
        />
        <p className="announcements__meta">
          {note.initial_note && note.updated_at ? (
            <>
              Published <ClinicTime value={note.updated_at} style="date" />.{' '}
            </>
          ) : (
            'No note is published. '
          )}
          Publishing a changed note shows it once more to every therapist, office manager and supervisor, on their
          patient list, until they dismiss it.
        </p>
        <div className="announcements__actions">
          <Button type="submit" isLoading={isSubmitting} disabled={isUnchanged}>
            {draft === '' ? 'Clear the note' : 'Publish'}
          </Button>
        </div>
      </form>
      <section className="section-card" aria-labelledby="note-preview-title">
        <h2 id="note-preview-title" className="section-card__title">
          Preview
        </h2>
        {draft === '' ? (
          <p className="announcements__meta">Without a note, staff see no window.</p>
        ) : (
          <div className="announcements__preview" data-testid="note-preview">
            <p className="announcements__preview-title">What's new in Rehabit</p>
            <p className="initial-note">{draft}</p>
          </div>
        )}
      </section>
    </div>
  );
}
