import './brand.css';

/** The product mark and name; the mark is decorative, the name is the accessible text. */
export function Brand({ isCompact = false }: { isCompact?: boolean }) {
  return (
    <span className="brand">
      <svg className="brand__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M10 23V9h7a4.5 4.5 0 0 1 0 9h-7m7 0 5 5"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={isCompact ? 'visually-hidden' : 'brand__name'}>Rehabit</span>
    </span>
  );
}
