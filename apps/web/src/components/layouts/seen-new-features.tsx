import { useCancelFeatureNotification } from '@web/features/session';
import { Check } from 'lucide-react';

/**
 * Clears the menu's "New" pills for good (decision 1031): the same notice switch the initial note's "Got it" turns
 * off, reachable when no note is published.
 */
export function SeenNewFeatures({ count }: { count: number }) {
  const dismiss = useCancelFeatureNotification();
  if (count === 0) return null;
  return (
    <button
      type="button"
      className="nav-seen-new"
      onClick={() => dismiss.mutate()}
      disabled={dismiss.isPending}
      data-testid="seen-new-features"
    >
      <Check size={16} aria-hidden="true" />
      Mark “New” as seen
    </button>
  );
}
