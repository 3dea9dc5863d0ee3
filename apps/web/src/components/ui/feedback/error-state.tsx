import { errorMessage } from '@web/lib/api-error.ts';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '../button/button.tsx';
import './feedback.css';

type ErrorStateProps = {
  title?: string;
  error?: unknown;
  onRetry?: () => void;
  isRetrying?: boolean;
};

/** What failed, in words, and a way to try again. */
export function ErrorState({ title = 'This could not be loaded', error, onRetry, isRetrying }: ErrorStateProps) {
  return (
    <section className="state state--error" role="alert">
      <span className="state__icon state__icon--danger">
        <AlertTriangle size={28} aria-hidden="true" />
      </span>
      <h2 className="state__title">{title}</h2>
      <p className="state__text">{errorMessage(error)}</p>
      {onRetry && (
        <div className="state__action">
          <Button
            variant="secondary"
            icon={<RotateCw size={16} aria-hidden="true" />}
            onClick={onRetry}
            isLoading={isRetrying}
          >
            Try again
          </Button>
        </div>
      )}
    </section>
  );
}
