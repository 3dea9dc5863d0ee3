import type { VideoFields } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '@web/components/ui/button/button-link.tsx';
import { formatFileSize } from '@web/components/ui/format/format.ts';
import { paths } from '@web/config/paths.ts';
import { errorMessage } from '@web/lib/api-error.ts';
import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type * as tus from 'tus-js-client';
import { createVideo } from '../api/create-video.ts';
import { getVideo, useVideo } from '../api/get-video.ts';
import { videosQueryKey } from '../api/keys.ts';
import { updateVideo } from '../api/update-video.ts';
import { pendingUploads } from '../lib/pending-uploads.ts';
import { startUpload, type UploadCredentials } from '../lib/upload.ts';
import { DropZone } from './drop-zone.tsx';
import { type UploadPhase, UploadProgress } from './upload-progress.tsx';
import { defaultVideoFields, VideoForm } from './video-form.tsx';
import { VideoPreview } from './video-preview.tsx';

const looksLikeVideo = (file: File) =>
  file.type.startsWith('video/') || /\.(mp4|m4v|mov|webm|mkv|avi|3gp)$/i.test(file.name);

/** Pick a file, fill in the exercise, and upload it resumably; the video then shows once processed. */
export function UploadVideo() {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [resumable, setResumable] = useState<UploadCredentials | null>(null);
  const [phase, setPhase] = useState<UploadPhase | null>(null);
  const [percent, setPercent] = useState(0);
  const [message, setMessage] = useState<string>();
  const [videoId, setVideoId] = useState<number | null>(null);
  const [isStarting, setStarting] = useState(false);
  const upload = useRef<tus.Upload | null>(null);
  const interrupted = pendingUploads.list();
  // An interrupted upload continues with the details saved when it started.
  const resumed = useResumedVideo(resumable?.id ?? null);

  useEffect(() => () => void upload.current?.abort(), []);

  const choose = (picked: File) => {
    if (!looksLikeVideo(picked)) {
      setFileError('Choose a video file (MP4, MOV or WebM).');
      return;
    }
    setFileError(undefined);
    setFile(picked);
    setResumable(pendingUploads.find(picked));
  };

  async function begin(values: VideoFields) {
    if (!file) return;
    setStarting(true);
    try {
      let credentials = resumable;
      if (credentials) {
        await updateVideo(credentials.id, values);
      } else {
        credentials = await createVideo({ ...values, size: file.size });
        pendingUploads.save(file, credentials);
      }
      setVideoId(credentials.id);
      setPhase('uploading');
      setMessage(undefined);
      const chosen = file;
      upload.current = await startUpload(chosen, credentials, {
        onProgress: setPercent,
        onSuccess: () => {
          pendingUploads.remove(chosen);
          setPercent(100);
          setPhase('done');
        },
        onError: (text) => {
          setPhase('failed');
          setMessage(text);
        },
      });
    } catch (error) {
      setFileError(errorMessage(error));
      // The form puts the field messages on its fields.
      throw error;
    } finally {
      setStarting(false);
    }
  }

  return (
    <div className="upload-layout">
      <section className="section-card upload-layout__file" aria-label="Video file">
        {!file && (
          <>
            <DropZone onFile={choose} error={fileError} />
            {interrupted.length > 0 && (
              <p className="upload-layout__hint" role="note">
                An upload was interrupted: pick {interrupted.map((p) => `“${p.name}”`).join(', ')} again to continue
                where it stopped.
              </p>
            )}
          </>
        )}
        {file && !phase && (
          <div className="upload-layout__chosen">
            <p>
              <strong>{file.name}</strong> · {formatFileSize(file.size)}
            </p>
            {resumable && <p className="upload-layout__hint">This file continues its earlier, interrupted upload.</p>}
            {fileError && (
              <p className="field__error" role="alert">
                {fileError}
              </p>
            )}
          </div>
        )}
        {file && phase && (
          <UploadProgress
            fileName={file.name}
            percent={percent}
            phase={phase}
            message={message}
            onPause={() => {
              void upload.current?.abort();
              setPhase('paused');
            }}
            onResume={() => {
              upload.current?.start();
              setPhase('uploading');
              setMessage(undefined);
            }}
          />
        )}
        {phase === 'done' && videoId !== null && <UploadedVideo id={videoId} />}
      </section>
      <section className="section-card" aria-label="Exercise details">
        <VideoForm
          key={resumed.data ? `resume-${resumed.data.id}` : 'new'}
          initial={resumed.data ?? defaultVideoFields()}
          submitLabel={resumable ? 'Resume upload' : 'Upload video'}
          isPending={isStarting}
          isReadOnly={!file || phase !== null}
          onSubmit={begin}
        />
      </section>
    </div>
  );
}

function useResumedVideo(id: number | null) {
  return useQuery({
    queryKey: [...videosQueryKey, 'detail', id],
    queryFn: ({ signal }) => getVideo(id!, signal),
    enabled: id !== null,
    meta: { errorHandling: 'silent' },
  });
}

function UploadedVideo({ id }: { id: number }) {
  const video = useVideo(id);
  if (!video.data) return null;
  return (
    <div className="upload-layout__done">
      <VideoPreview video={video.data} />
      <ButtonLink
        to={paths.exerciseEdit.getHref(id)}
        variant="secondary"
        icon={<Pencil size={16} aria-hidden="true" />}
      >
        Edit details
      </ButtonLink>
    </div>
  );
}
