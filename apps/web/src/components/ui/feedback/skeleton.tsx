import './feedback.css';

type SkeletonProps = { width?: string; height?: string; className?: string };

export function Skeleton({ width = '100%', height = '16px', className }: SkeletonProps) {
  return (
    <span className={['skeleton', className].filter(Boolean).join(' ')} style={{ width, height }} aria-hidden="true" />
  );
}

/** Placeholder rows of a list while it loads; announced once as loading. */
export function SkeletonList({ rows = 5, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div className="skeleton-list" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div className="skeleton-row" key={index}>
          <Skeleton width="40px" height="40px" className="skeleton--round" />
          <div className="skeleton-row__text">
            <Skeleton width="45%" />
            <Skeleton width="70%" height="12px" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The place of a chart while its library loads; announced once, by what it draws. */
export function SkeletonChart({ label, height }: { label: string; height: string }) {
  return (
    <div role="status">
      <span className="visually-hidden">{label}</span>
      <Skeleton height={height} />
    </div>
  );
}
