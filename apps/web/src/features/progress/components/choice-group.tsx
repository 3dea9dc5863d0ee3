import { useId } from 'react';

type Props<V extends string> = {
  legend: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
};

/** A row of radio buttons drawn as a segmented control: one choice, arrow keys move between them. */
export function ChoiceGroup<V extends string>({ legend, options, value, onChange }: Props<V>) {
  const name = useId();
  return (
    <fieldset className="choice-group">
      <legend className="choice-group__legend">{legend}</legend>
      <div className="choice-group__options">
        {options.map((option) => (
          <label key={option.value} className="choice-group__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
