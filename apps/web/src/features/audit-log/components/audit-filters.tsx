import { auditActionOptions } from '@rehabit/contract';
import { ClinicPicker } from '@web/components/clinic-picker/clinic-picker.tsx';
import { Button } from '@web/components/ui/button/button.tsx';
import { DatePicker } from '@web/components/ui/date-picker/date-picker.tsx';
import { dateToIso, isoToDate } from '@web/components/ui/date-picker/iso-date.ts';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { type FormEvent, useState } from 'react';
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
  onApply: (values: AuditFilterValues) => void;
};

/** The log's filters in one row; applied together, so a half-typed id never reads the log. */
export function AuditFilters({ values, canChooseClinic, onApply }: AuditFiltersProps) {
  const [draft, setDraft] = useState(values);
  const set = <K extends keyof AuditFilterValues>(key: K, value: AuditFilterValues[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const errors = {
    user: idError(draft.user),
    patient: idError(draft.patient),
    to: draft.from && draft.to && draft.from > draft.to ? 'The end comes before the start' : undefined,
  };
  const hasErrors = Object.values(errors).some(Boolean);

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
    <form className="audit-filters" onSubmit={submit} noValidate aria-label="Audit log filters">
      {canChooseClinic && <ClinicPicker value={draft.clinic || null} onChange={(code) => set('clinic', code ?? '')} />}
      <Dropdown label="Action" options={actionOptions} value={draft.action} onChange={(next) => set('action', next)} />
      <TextField
        label="User id"
        inputMode="numeric"
        value={draft.user}
        error={errors.user}
        onChange={(event) => set('user', event.target.value)}
      />
      <TextField
        label="Patient id"
        inputMode="numeric"
        value={draft.patient}
        error={errors.patient}
        onChange={(event) => set('patient', event.target.value)}
      />
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
  );
}
