import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { isApiError } from '@web/lib/api-error.ts';
import { notify } from '@web/lib/notify.ts';
import { SearchX } from 'lucide-react';
import { useVideo } from '../api/get-video.ts';
import { useUpdateVideo } from '../api/update-video.ts';
import { CaptionsSection } from './captions-section.tsx';
import { VideoForm } from './video-form.tsx';
import { formatDuration, VideoPreview } from './video-preview.tsx';

/** The upload screen for an existing video: its player and its details, editable by those who may. */
export function EditVideo({ id }: { id: number }) {
  const video = useVideo(id);
  const update = useUpdateVideo(id);
  if (video.isPending) return <SkeletonList rows={4} label="Loading the video" />;
  if (video.isError) {
    if (isApiError(video.error) && video.error.status === 404) {
      return (
        <EmptyState icon={SearchX} title="Video not found" description="It was deleted or is not in your library." />
      );
    }
    return <ErrorState error={video.error} onRetry={() => void video.refetch()} />;
  }
  const data = video.data;
  return (
    <div className="upload-layout">
      <section className="section-card upload-layout__file" aria-label="Video file">
        <VideoPreview video={data} />
        <p className="upload-layout__hint">
          {data.library === 'global' ? 'Global library' : `Uploaded by ${data.owner?.display_name ?? 'a colleague'}`}
          {data.duration_seconds !== null && ` · ${formatDuration(data.duration_seconds)}`}
        </p>
        <CaptionsSection videoId={data.id} canEdit={data.can_edit} />
      </section>
      <section className="section-card" aria-label="Exercise details">
        <VideoForm
          key={data.id}
          initial={data}
          submitLabel="Save changes"
          isPending={update.isPending}
          isReadOnly={!data.can_edit}
          onSubmit={async (values) => {
            await update.mutateAsync(values);
            notify.success('Video saved');
          }}
        />
      </section>
    </div>
  );
}
