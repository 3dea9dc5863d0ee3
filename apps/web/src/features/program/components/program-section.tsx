import { Button } from '@web/components/ui/button/button.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { RequestVideoDialog } from '@web/features/videos';
import { notify } from '@web/lib/notify.ts';
import { BookmarkPlus, ClipboardList, LayoutTemplate, Plus, Trash2, Video } from 'lucide-react';
import { useState } from 'react';
import { useDeleteExercises } from '../api/delete-exercises.ts';
import { useProgram } from '../api/get-program.ts';
import { useRestoreExercises } from '../api/restore-exercises.ts';
import { ExercisePicker } from './exercise-picker.tsx';
import { HandoutMenu } from './handout-menu.tsx';
import { ProgramList } from './program-list.tsx';
import { type TemplateDialog, TemplateDialogs } from './template-dialogs.tsx';
import './program.css';

const exercises = (count: number) => (count === 1 ? '1 exercise' : `${count} exercises`);

/**
 * The patient's home exercise program: built from the library, dosed, ordered, and trimmed with an undo. The
 * library and a requested video are the patient's clinic's (`clinicCode`), whoever works on the program.
 */
export function ProgramSection({
  patientId,
  clinicCode,
  email,
}: {
  patientId: number;
  clinicCode: string;
  /** The patient's e-mail address, where the handout is e-mailed (none: it can only be printed). */
  email: string | null;
}) {
  const program = useProgram(patientId);
  const remove = useDeleteExercises(patientId);
  const restore = useRestoreExercises(patientId);
  const [dialog, setDialog] = useState<'picker' | 'request' | null>(null);
  const [templateDialog, setTemplateDialog] = useState<TemplateDialog>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const items = [...(program.data?.results ?? [])].sort((a, b) => a.order - b.order);
  const chosen = items.filter((item) => selected.has(item.id)).map((item) => item.id);

  const select = (id: number, isOn: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(id);
      else next.delete(id);
      return next;
    });

  const deleteItems = (ids: number[]) =>
    remove.mutate(ids, {
      onSuccess: ({ deleted }) => {
        setSelected(new Set());
        notify.withAction(`${exercises(deleted.length)} removed from the program`, {
          label: 'Undo',
          onClick: () =>
            restore.mutate(deleted, { onSuccess: () => notify.success(`${exercises(deleted.length)} restored`) }),
        });
      },
    });

  return (
    <section id="program" className="section-card" aria-labelledby="program-title">
      <div className="section-card__head">
        <h2 id="program-title" className="section-card__title">
          Program
        </h2>
        <div className="section-card__actions">
          {chosen.length > 0 && (
            <Button
              variant="secondary"
              size="sm"
              className="btn--danger-text"
              icon={<Trash2 size={16} aria-hidden="true" />}
              isLoading={remove.isPending}
              onClick={() => deleteItems(chosen)}
            >
              Delete selected ({chosen.length})
            </Button>
          )}
          {items.length > 0 && <HandoutMenu patientId={patientId} email={email} />}
          {items.length > 0 && (
            <Button
              variant="ghost"
              size="sm"
              icon={<BookmarkPlus size={16} aria-hidden="true" />}
              onClick={() => setTemplateDialog('save')}
            >
              Save as template
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            icon={<Video size={16} aria-hidden="true" />}
            onClick={() => setDialog('request')}
          >
            Request a video
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon={<LayoutTemplate size={16} aria-hidden="true" />}
            onClick={() => setTemplateDialog('start')}
          >
            Start from a template
          </Button>
          <Button size="sm" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setDialog('picker')}>
            Add exercises
          </Button>
        </div>
      </div>
      <QueryStates
        query={program}
        loading={{ rows: 3, label: 'Loading the program' }}
        failedTitle="The program could not be loaded"
        isEmpty={items.length === 0}
        empty={
          <EmptyState
            icon={ClipboardList}
            title="No home exercise program yet"
            description="Add exercise videos or a whole folder from the library, or start from a template or a protocol; the patient sees them in this order."
          />
        }
      >
        <ProgramList items={items} patientId={patientId} selected={selected} onSelect={select} onDelete={deleteItems} />
      </QueryStates>
      <ExercisePicker
        patientId={patientId}
        clinicCode={clinicCode}
        isOpen={dialog === 'picker'}
        onClose={() => setDialog(null)}
      />
      <RequestVideoDialog clinicCode={clinicCode} isOpen={dialog === 'request'} onClose={() => setDialog(null)} />
      <TemplateDialogs open={templateDialog} patientId={patientId} onClose={() => setTemplateDialog(null)} />
    </section>
  );
}
