import { zodResolver } from '@hookform/resolvers/zod';
import { createTaskBodySchema } from '@rehabit/contract';
import { DateField } from '@web/components/ui/date-picker/date-field.tsx';
import { isoToDate, todayIso } from '@web/components/ui/date-picker/iso-date.ts';
import { TextArea } from '@web/components/ui/field/text-area.tsx';
import { FormDialog } from '@web/components/ui/modal/form-dialog.tsx';
import type { SearchOption } from '@web/components/ui/search-select/search-select.tsx';
import type { SessionUser } from '@web/features/session';
import { choiceProps, withServerErrors } from '@web/lib/form-errors.ts';
import { notify } from '@web/lib/notify.ts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useCreateTask } from '../api/create-task.ts';
import { ColleagueField } from './colleague-field.tsx';
import { PatientField } from './patient-field.tsx';

const fields = ['assignee_id', 'patient_id', 'title', 'due_date'] as const;

// The contract's rules, and a due date that is not already past (the picker starts at today).
const assignTaskSchema = createTaskBodySchema.refine((body) => !body.due_date || body.due_date >= todayIso(), {
  error: 'Choose today or a later day',
  path: ['due_date'],
});

type Props = {
  user: SessionUser;
  onClose: () => void;
  /** The patient the task is about, fixed (from the patient's dashboard). */
  patient?: { id: number; displayName: string };
};

/** Gives a colleague something to do: about a patient or not, by a day or not. */
export function AssignTaskDialog({ user, onClose, patient }: Props) {
  const [chosenPatient, setChosenPatient] = useState<SearchOption<number> | null>(null);
  const form = useForm({
    resolver: zodResolver(assignTaskSchema),
    defaultValues: { assignee_id: undefined, patient_id: patient?.id, title: '', due_date: undefined },
  });
  const create = useCreateTask();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(
    withServerErrors(form, fields, async (body) => {
      const task = await create.mutateAsync(body);
      notify.success(task.assignee ? `Task assigned to ${task.assignee.display_name}` : 'Task assigned');
      onClose();
    }),
  );

  return (
    <FormDialog
      title="Assign a task"
      description={patient ? `About ${patient.displayName}.` : 'A colleague sees it in their tasks.'}
      onClose={onClose}
      formLabel="Assign a task"
      className="task-form"
      onSubmit={onSubmit}
      submitLabel="Assign"
      isSubmitting={isSubmitting}
      refusal={errors.root?.server?.message}
    >
      <Controller
        control={form.control}
        name="assignee_id"
        render={(props) => <ColleagueField {...choiceProps(props, 'Choose who should do it')} user={user} />}
      />
      {!patient && (
        <PatientField
          selected={chosenPatient}
          onSelect={(option) => {
            setChosenPatient(option);
            form.setValue('patient_id', option?.value, { shouldValidate: form.formState.isSubmitted });
          }}
          error={errors.patient_id?.message}
        />
      )}
      <TextArea
        label="What to do"
        required
        rows={3}
        placeholder="e.g. Call to check on the new exercises"
        error={errors.title?.message}
        {...form.register('title')}
      />
      <DateField
        control={form.control}
        name="due_date"
        label="Due date"
        minDate={isoToDate(todayIso()) ?? undefined}
        hint="Optional"
        error={() => errors.due_date?.message}
      />
    </FormDialog>
  );
}
