import { Upload, Video } from 'lucide-react';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { ButtonLink } from '../../../components/ui/button/button-link.tsx';
import { EmptyState } from '../../../components/ui/feedback/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import './screens.css';

export function ExerciseLibraryRoute() {
  return (
    <>
      <PageHeader
        title="Exercise library"
        description="Exercise videos and your folders, ready to add to home programs."
        actions={
          <ButtonLink to={paths.exerciseUpload.getHref()} icon={<Upload size={18} aria-hidden="true" />}>
            Upload video
          </ButtonLink>
        }
      />
      <section className="section-card" aria-label="Videos">
        <EmptyState
          icon={Video}
          title="No videos in the library yet"
          description="Upload your own exercise videos, or use the shared library once it is available to your clinic."
        />
      </section>
    </>
  );
}
