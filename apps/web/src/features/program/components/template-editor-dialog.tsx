import {
  HEP_LIMITS,
  TEMPLATE_NAME_MAX,
  type Template,
  type TemplateItemInput,
  type TemplateVisibility,
  updateTemplateBodySchema,
} from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { FormDialog } from '@web/components/ui/modal/form-dialog.tsx';
import { errorDetails, errorMessage } from '@web/lib/api-error.ts';
import { notify } from '@web/lib/notify.ts';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useUpdateTemplate } from '../api/save-template.ts';
import { visibilityOptions } from './save-template-dialog.tsx';

/** The buttons of an exercise's row, by what they do. */
type Control = 'up' | 'down' | 'out';

type Row = TemplateItemInput & { title: string; key: number };

const numberFields = [
  { field: 'sets', label: 'Sets', limits: HEP_LIMITS.sets },
  { field: 'reps', label: 'Reps', limits: HEP_LIMITS.reps },
  { field: 'hold_seconds', label: 'Hold (s)', limits: HEP_LIMITS.holdSeconds },
  { field: 'times_per_day', label: 'Times a day', limits: HEP_LIMITS.timesPerDay },
  { field: 'days_per_week', label: 'Days a week', limits: HEP_LIMITS.daysPerWeek },
] as const;

/**
 * Renames a template, changes who may use it, and edits its exercises: dosage, notes, order, and taking one out. A
 * program made from it earlier does not change (decision 1400).
 */
export function TemplateEditorDialog({ template, onClose }: { template: Template; onClose: () => void }) {
  const update = useUpdateTemplate();
  const [name, setName] = useState(template.name);
  const [visibility, setVisibility] = useState<TemplateVisibility>(template.visibility);
  const [rows, setRows] = useState<Row[]>(
    template.items.map((item, key) => ({
      key,
      title: item.video.title,
      video_id: item.video_id,
      sets: item.sets,
      reps: item.reps,
      hold_seconds: item.hold_seconds,
      times_per_day: item.times_per_day,
      days_per_week: item.days_per_week,
      description: item.description,
    })),
  );
  const [refusal, setRefusal] = useState<string>();

  const change = (key: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  // After a move or a removal the button pressed may be gone or disabled: the keyboard stays on the row it acted on
  // (or the next one), on the same kind of button when it can still be pressed.
  const listRef = useRef<HTMLOListElement>(null);
  const focusNext = useRef<{ key: number; control: Control } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the rows a move or removal changed are drawn
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const item = listRef.current?.querySelector(`[data-row="${target.key}"]`);
    const buttons = [...(item?.querySelectorAll<HTMLButtonElement>('button[data-control]') ?? [])].filter(
      (button) => !button.disabled,
    );
    (buttons.find((button) => button.dataset.control === target.control) ?? buttons[0] ?? listRef.current)?.focus();
  }, [rows]);
  const remove = (index: number) => {
    const stays = rows[index + 1] ?? rows[index - 1];
    if (stays) focusNext.current = { key: stays.key, control: 'out' };
    setRows((current) => current.filter((_, at) => at !== index));
  };
  const move = (index: number, by: number) => {
    focusNext.current = { key: rows[index]!.key, control: by < 0 ? 'up' : 'down' };
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const items = rows.map(({ title: _t, key: _k, ...item }) => item);
    // Who can use it is the owner's to change (decision 1400).
    const body = template.is_mine ? { name, visibility, items } : { name, items };
    const parsed = updateTemplateBodySchema.safeParse(body);
    if (!parsed.success) {
      const first = parsed.error.issues[0]!;
      return setRefusal(`${first.path.join('.') || 'Template'}: ${first.message}`);
    }
    setRefusal(undefined);
    update.mutate(
      { id: template.id, body: parsed.data },
      {
        onSuccess: (saved) => {
          notify.success(`Template “${saved.name}” saved`);
          onClose();
        },
        onError: (e) => setRefusal([errorMessage(e), ...errorDetails(e)].join(' ')),
      },
    );
  };

  return (
    <FormDialog
      title="Edit template"
      description="Programs made from it keep their exercises as they are."
      size="lg"
      onClose={onClose}
      formLabel="Edit template"
      className="template-form"
      onSubmit={submit}
      submitLabel="Save changes"
      isSubmitting={update.isPending}
      refusal={refusal}
    >
      <TextField
        label="Template name"
        value={name}
        maxLength={TEMPLATE_NAME_MAX}
        required
        onChange={(e) => setName(e.target.value)}
      />
      {template.is_mine && (
        <Dropdown label="Who can use it" options={visibilityOptions} value={visibility} onChange={setVisibility} />
      )}
      <ol ref={listRef} tabIndex={-1} className="template-editor__items" aria-label="Exercises of the template">
        {rows.map((row, index) => (
          <li key={row.key} data-row={row.key} className="template-editor__item">
            <div className="template-editor__item-head">
              <strong>
                {index + 1}. {row.title}
              </strong>
              <span className="templates-screen__actions">
                <Button
                  variant="ghost"
                  size="sm"
                  icon={<ArrowUp size={16} aria-hidden="true" />}
                  disabled={index === 0}
                  data-control="up"
                  aria-label={`Move ${row.title} up`}
                  onClick={() => move(index, -1)}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  icon={<ArrowDown size={16} aria-hidden="true" />}
                  disabled={index === rows.length - 1}
                  data-control="down"
                  aria-label={`Move ${row.title} down`}
                  onClick={() => move(index, 1)}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  icon={<X size={16} aria-hidden="true" />}
                  disabled={rows.length === 1}
                  data-control="out"
                  aria-label={`Take ${row.title} out`}
                  onClick={() => remove(index)}
                />
              </span>
            </div>
            <div className="template-editor__dosage">
              {numberFields.map(({ field, label, limits }) => (
                <TextField
                  key={field}
                  label={label}
                  aria-label={`${label} of ${row.title}`}
                  type="number"
                  inputMode="numeric"
                  min={limits.min}
                  max={limits.max}
                  value={String(row[field])}
                  onChange={(e) => change(row.key, { [field]: Number(e.target.value) })}
                />
              ))}
            </div>
            <TextField
              label="Notes"
              aria-label={`Notes of ${row.title}`}
              value={row.description}
              maxLength={HEP_LIMITS.description}
              onChange={(e) => change(row.key, { description: e.target.value })}
            />
          </li>
        ))}
      </ol>
    </FormDialog>
  );
}
