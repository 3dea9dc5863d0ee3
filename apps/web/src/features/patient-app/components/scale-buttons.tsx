const levels = Array.from({ length: 11 }, (_, value) => value);

/** Eleven big buttons, 0 to 10, one pressed: the pain scale's and the check-ins' answers. */
export function ScaleButtons({
  value,
  labelOf,
  onChange,
}: {
  value: number | null;
  /** What a screen reader says for a level (the ends name what they mean). */
  labelOf: (level: number) => string;
  onChange: (value: number) => void;
}) {
  return (
    <div className="pa-scale__buttons">
      {levels.map((level) => (
        <button
          key={level}
          type="button"
          className="pa-scale__button"
          aria-pressed={value === level}
          aria-label={labelOf(level)}
          onClick={() => onChange(level)}
        >
          {level}
        </button>
      ))}
    </div>
  );
}
