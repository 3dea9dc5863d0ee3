import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { paths } from '@web/config/paths.ts';
import { EditVideo } from '@web/features/videos/components/edit-video.tsx';
import { UploadVideo } from '@web/features/videos/components/upload-video.tsx';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import '@web/features/videos/components/videos.css';
import './screens.css';

/** One screen for a new upload and for editing an existing video (decision 1310). */
export function ExerciseUploadRoute() {
  const { id } = useParams();
  const videoId = Number(id);
  const isEditing = id !== undefined;
  return (
    <>
      <Link className="back-link" to={paths.exerciseLibrary.getHref()}>
        <ArrowLeft size={16} aria-hidden="true" /> Exercise library
      </Link>
      <PageHeader
        title={isEditing ? 'Edit video' : 'Upload video'}
        description={
          isEditing
            ? 'The exercise as patients will see it in their programs.'
            : 'Add an exercise video with its sets, reps and instructions. Uploads resume if the connection drops.'
        }
      />
      {isEditing ? <EditVideo key={videoId} id={videoId} /> : <UploadVideo />}
    </>
  );
}
