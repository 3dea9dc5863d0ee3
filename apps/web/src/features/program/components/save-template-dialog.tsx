import { TEMPLATE_NAME_MAX, type TemplateVisibility } from '@rehabit/contract';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { FormDialog } from '@web/components/ui/modal/form-dialog.tsx';
import { errorMessage } from '@web/lib/api-error.ts';
import { notify } from '@web/lib/notify.ts';
import { type FormEvent, useState } from 'react';
import { useSaveProgramAsTemplate } from '../api/save-template.ts';
import './templates.css';

export const visibilityOptions: { value: TemplateVisibility; label: string }[] = [
  { value: 'private', label: 'Only me' },
  { value: 'clinic', label: 'Everyone in the clinic' },
];

/**
 * "Save as template": the program's exercises, in order and with their dosage, as a new template of the caller's,
 * private or shared with the clinic (decision 1400). The template and the program stay independent afterwards.
 */
export default function SaveTemplateDialog({ patientId, onClose }: { patientId: number; onClose: () => void }) {
  const save = useSaveProgramAsTemplate(patientId);
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<TemplateVisibility>('private');
  const [nameError, setNameError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setNameError('Give the template a name');
    setNameError(undefined);
    save.mutate(
      { name: name.trim(), visibility },
      {
        onSuccess: (template) => {
          notify.success(`Saved as the template “${template.name}”`);
          onClose();
        },
        onError: (e) => setRefusal(errorMessage(e)),
      },
    );
  };

  return (
    <FormDialog
      title="Save as template"
      description="The program's exercises and their dosage, to start other patients' programs from."
      onClose={onClose}
      formLabel="Save as template"
      className="template-form"
      onSubmit={submit}
      submitLabel="Save template"
      isSubmitting={save.isPending}
      refusal={refusal}
    >
      <TextField
        label="Template name"
        value={name}
        maxLength={TEMPLATE_NAME_MAX}
        required
        error={nameError}
        onChange={(e) => setName(e.target.value)}
      />
      <Dropdown label="Who can use it" options={visibilityOptions} value={visibility} onChange={setVisibility} />
    </FormDialog>
  );
}
