import { StandaloneCard } from '@web/components/layouts/auth-layout.tsx';
import { ButtonLink } from '@web/components/ui/button/button-link.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { paths } from '@web/config/paths.ts';
import { useDocumentTitle } from '@web/lib/use-document-title.ts';
import { MapPinOff } from 'lucide-react';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <StandaloneCard>
      <h1 className="visually-hidden">Page not found</h1>
      <EmptyState
        icon={MapPinOff}
        title="We could not find this page"
        description="The address may be mistyped, or the page has moved."
        action={<ButtonLink to={paths.patients.getHref()}>Go to patients</ButtonLink>}
      />
    </StandaloneCard>
  );
}
