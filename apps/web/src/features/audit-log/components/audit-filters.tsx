import { auditActionOptions } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { DatePicker } from '@web/components/ui/date-picker/date-picker.tsx';
import { dateToIso, isoToDate } from '@web/components/ui/date-picker/iso-date.ts';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { ClinicPicker } from '@web/features/clinics';
import { SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { AuditFilterValues } from './use-audit-params.ts';

const actionOptions = [
  { value: '' as const, label: 'All actions' },
  ...auditActionOptions.map((action) => ({ value: action, label: action })),
];
const idError = (value: string) => (value === '' || /^\d+$/.test(value.trim()) ? undefined : 'Enter a number id');

type AuditFiltersProps = {
  values: AuditFilterValues;
  /** Admins may name a clinic (or leave it empty for every clinic); a supervisor's is their own. */
  canChooseClinic: boolean;
  /** On a phone the form folds under a button saying how many filters are on, so the entries come first. */
  isFoldable: boolean;
  onApply: (values: AuditFilterValues) => void;
};

/** How many of the applied filters narrow the log (an admin's clinic among them). */
const filtersOn = (values: AuditFilterValues) => Object.values(values).filter(Boolean).length;

/**
 * The log's filters in one row; applied together, so a half-typed id never reads the log. Applying remounts the
 * form (its key is the filter), which folds it again on a phone.
 */
export function AuditFilters({ values, canChooseClinic, isFoldable, onApply }: AuditFiltersProps) {
  const [draft, setDraft] = useState(values);
  const [isOpen, setOpen] = useState(false);
  const formId = useId();
  const on = filtersOn(values);
  const set = <K extends keyof AuditFilterValues>(key: K, value: AuditFilterValues[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const errors = {
    user: idError(draft.user),
    patient: idError(draft.patient),
    to: draft.from && draft.to && draft.from > draft.to ? 'The end comes before the start' : undefined,
  };
  const hasErrors = Object.values(errors).some(Boolean);
  const idField = (label: string, key: 'user' | 'patient') => (
    <TextField
      label={label}
      inputMode="numeric"
      value={draft[key]}
      error={errors[key]}
      onChange={(event) => set(key, event.target.value)}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasErrors) return;
    onApply({
      ...draft,
      user: draft.user.trim(),
      patient: draft.patient.trim(),
    });
  };

  return (
    <>
      {isFoldable && (
        <Button
          variant="secondary"
          className="audit-filters__toggle"
          icon={<SlidersHorizontal aria-hidden />}
          aria-expanded={isOpen}
          aria-controls={formId}
          onClick={() => setOpen((open) => !open)}
        >
          {on > 0 ? `Filters (${on} on)` : 'Filters'}
        </Button>
      )}
      <form
        id={formId}
        className="audit-filters"
        onSubmit={submit}
        noValidate
        aria-label="Audit log filters"
        hidden={isFoldable && !isOpen}
      >
        {canChooseClinic && (
          <ClinicPicker value={draft.clinic || null} onChange={(code) => set('clinic', code ?? '')} />
        )}
        <Dropdown
          label="Action"
          options={actionOptions}
          value={draft.action}
          onChange={(next) => set('action', next)}
        />
        {idField('User id', 'user')}
        {idField('Patient id', 'patient')}
        <DatePicker
          label="From"
          value={isoToDate(draft.from)}
          onChange={(date) => set('from', dateToIso(date) ?? '')}
          maxDate={new Date()}
        />
        <DatePicker
          label="To"
          value={isoToDate(draft.to)}
          onChange={(date) => set('to', dateToIso(date) ?? '')}
          maxDate={new Date()}
          error={errors.to}
        />
        <div className="audit-filters__actions">
          <Button type="submit" disabled={hasErrors}>
            Apply filters
          </Button>
        </div>
      </form>
    </>
  );
}
