import { ArrowLeft, FileVideo } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { EmptyState } from '../../../components/ui/feedback/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import './screens.css';

/** One screen for a new upload and for editing an existing video (seed §2). */
export function ExerciseUploadRoute() {
  const { id } = useParams();
  const isEditing = id !== undefined;
  return (
    <>
      <Link className="back-link" to={paths.exerciseLibrary.getHref()}>
        <ArrowLeft size={16} aria-hidden="true" /> Exercise library
      </Link>
      <PageHeader
        title={isEditing ? 'Edit video' : 'Upload video'}
        description={isEditing ? `Video #${id}` : 'Add an exercise video with its sets, reps and instructions.'}
      />
      <section className="section-card" aria-label="Video">
        <EmptyState
          icon={FileVideo}
          title={isEditing ? 'Video details load here' : 'Choose a video to upload'}
          description="Uploads resume where they stopped if the connection drops, and show their progress in percent."
        />
      </section>
    </>
  );
}
