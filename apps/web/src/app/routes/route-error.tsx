import { StandaloneCard } from '@web/components/layouts/auth-layout.tsx';
import { Button } from '@web/components/ui/button/button.tsx';
import { reportError } from '@web/lib/error-reporting.ts';
import { useDocumentTitle } from '@web/lib/use-document-title.ts';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import '@web/components/ui/feedback/feedback.css';

// After a new release the old screen files are gone; a reload fetches the new ones.
const isStaleBundle = (error: unknown) =>
  error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);

/** The last line of defence: something broke while showing a screen. */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
  }, [error]);

  const isUpdate = isStaleBundle(error);
  return (
    <StandaloneCard>
      <section className="state state--error" role="alert">
        <span className="state__icon state__icon--danger">
          <AlertTriangle size={28} aria-hidden="true" />
        </span>
        <h1 className="state__title">{isUpdate ? 'Rehabit has been updated' : 'Something went wrong'}</h1>
        <p className="state__text">
          {isUpdate
            ? 'Reload the page to get the new version.'
            : 'This screen could not be shown. Reload to try again; if it keeps happening, tell your clinic supervisor.'}
        </p>
        <div className="state__action">
          <Button icon={<RotateCw size={16} aria-hidden="true" />} onClick={() => window.location.reload()}>
            Reload
          </Button>
        </div>
      </section>
    </StandaloneCard>
  );
}
