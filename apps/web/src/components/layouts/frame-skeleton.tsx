import { Skeleton, SkeletonList } from '../ui/feedback/skeleton.tsx';
import './frame-skeleton.css';

/** The app's outline while the session or a screen loads, so nothing jumps when it arrives. */
export function FrameSkeleton({ label = 'Loading Rehabit' }: { label?: string }) {
  return (
    <div className="frame-skeleton">
      <div className="frame-skeleton__rail" aria-hidden="true">
        <Skeleton width="60%" height="28px" />
        {Array.from({ length: 7 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
          <Skeleton key={index} height="36px" />
        ))}
      </div>
      <div className="frame-skeleton__main">
        <Skeleton width="220px" height="32px" />
        <SkeletonList rows={6} label={label} />
      </div>
    </div>
  );
}
