import { Button } from '@web/components/ui/button/button.tsx';
import { Pause, Play, RotateCcw } from 'lucide-react';

export type UploadPhase = 'uploading' | 'paused' | 'failed' | 'done';

type UploadProgressProps = {
  fileName: string;
  percent: number;
  phase: UploadPhase;
  message?: string;
  onPause: () => void;
  onResume: () => void;
};

/** Live percent with pause and resume; a failed upload can be resumed where it stopped. */
export function UploadProgress({ fileName, percent, phase, message, onPause, onResume }: UploadProgressProps) {
  const label =
    phase === 'done' ? 'Upload complete' : phase === 'paused' ? 'Paused' : phase === 'failed' ? 'Stopped' : 'Uploading';
  return (
    <section className="upload-progress" aria-label="Upload progress">
      <div className="upload-progress__head">
        <span className="upload-progress__name">{fileName}</span>
        <span className="upload-progress__percent" data-testid="upload-percent" aria-live="polite">
          {percent}%
        </span>
      </div>
      <progress className="upload-progress__bar" max={100} value={percent} aria-label={`${label}: ${percent}%`} />
      <div className="upload-progress__foot">
        <span>{message ?? label}</span>
        {phase === 'uploading' && (
          <Button variant="secondary" size="sm" icon={<Pause size={16} aria-hidden="true" />} onClick={onPause}>
            Pause
          </Button>
        )}
        {(phase === 'paused' || phase === 'failed') && (
          <Button
            variant="secondary"
            size="sm"
            icon={
              phase === 'failed' ? <RotateCcw size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" />
            }
            onClick={onResume}
          >
            Resume
          </Button>
        )}
      </div>
    </section>
  );
}
