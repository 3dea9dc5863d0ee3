import { Button } from '@web/components/ui/button/button.tsx';
import { LogOut, RotateCcw, X } from 'lucide-react';

type BulkBarProps = {
  count: number;
  onDischarge: () => void;
  onReOnboard: () => void;
  onClear: () => void;
};

/** What can be done to every chosen patient at once; it appears only while some are chosen. */
export function BulkBar({ count, onDischarge, onReOnboard, onClear }: BulkBarProps) {
  return (
    <section className="bulk-bar" aria-label="Selected patients">
      <p className="bulk-bar__count" aria-live="polite">
        {count === 1 ? '1 patient selected' : `${count} patients selected`}
      </p>
      <div className="bulk-bar__actions">
        <Button variant="secondary" icon={<LogOut size={16} aria-hidden="true" />} onClick={onDischarge}>
          Discharge
        </Button>
        <Button variant="secondary" icon={<RotateCcw size={16} aria-hidden="true" />} onClick={onReOnboard}>
          Re-onboard
        </Button>
        <Button variant="ghost" icon={<X size={16} aria-hidden="true" />} onClick={onClear}>
          Clear selection
        </Button>
      </div>
    </section>
  );
}
