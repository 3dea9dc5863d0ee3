import { bodyParts, positions, purposes, type VideoScope } from '@rehabit/contract';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { LayoutGrid, List, Search } from 'lucide-react';

export type LibraryFilters = {
  search: string;
  body_part: string;
  purpose: string;
  position: string;
  equipment: string;
  scope: VideoScope | '';
};
export const emptyFilters: LibraryFilters = {
  search: '',
  body_part: '',
  purpose: '',
  position: '',
  equipment: '',
  scope: '',
};

const withAll = (all: string, values: readonly string[]) => [
  { value: '', label: all },
  ...values.map((value) => ({ value, label: value })),
];
const scopeOptions = [
  { value: '', label: 'All videos' },
  { value: 'mine', label: 'My uploads' },
  { value: 'clinic', label: 'Clinic videos' },
  { value: 'global', label: 'Global library' },
];

const viewOptions = [
  { value: 'grid', label: 'Grid view', Icon: LayoutGrid },
  { value: 'list', label: 'List view', Icon: List },
] as const;

type Props = {
  filters: LibraryFilters;
  onChange: (patch: Partial<LibraryFilters>) => void;
  view: 'grid' | 'list';
  onViewChange: (view: 'grid' | 'list') => void;
};

/** Filters in one row, then the switch between cards and a compact list. */
export function LibraryFiltersBar({ filters, onChange, view, onViewChange }: Props) {
  return (
    <div className="library-filters">
      <div className="library-filters__search">
        <Search className="library-filters__icon" size={18} aria-hidden="true" />
        <TextField
          label="Search videos"
          type="search"
          placeholder="Exercise name"
          autoComplete="off"
          value={filters.search}
          onChange={(event) => onChange({ search: event.target.value })}
        />
      </div>
      <Dropdown
        label="Library"
        options={scopeOptions}
        value={filters.scope}
        onChange={(scope) => onChange({ scope: scope as LibraryFilters['scope'] })}
      />
      <Dropdown
        label="Body part"
        options={withAll('All body parts', bodyParts)}
        value={filters.body_part}
        onChange={(body_part) => onChange({ body_part })}
      />
      <Dropdown
        label="Purpose"
        options={withAll('All purposes', purposes)}
        value={filters.purpose}
        onChange={(purpose) => onChange({ purpose })}
      />
      <Dropdown
        label="Position"
        options={withAll('All positions', positions)}
        value={filters.position}
        onChange={(position) => onChange({ position })}
      />
      <TextField
        label="Equipment"
        placeholder="e.g. band"
        value={filters.equipment}
        onChange={(event) => onChange({ equipment: event.target.value })}
      />
      <fieldset className="library-filters__view">
        <legend className="visually-hidden">View</legend>
        {viewOptions.map(({ value, label, Icon }) => (
          <button
            key={value}
            type="button"
            className="icon-toggle"
            aria-pressed={view === value}
            aria-label={label}
            onClick={() => onViewChange(value)}
          >
            <Icon size={18} aria-hidden="true" />
          </button>
        ))}
      </fieldset>
    </div>
  );
}
