import type { Video } from '@rehabit/contract';
import { resolveUrl } from '@web/lib/api-client.ts';
import { captionLabels, rememberCaptions, shownCaption } from '@web/lib/caption-choice.ts';
import { AlertTriangle, Loader2 } from 'lucide-react';

const statusText: Record<Video['status'], string> = {
  uploading: 'Waiting for the file to finish uploading.',
  processing: 'Processing the video: reading its length and making a preview image.',
  ready: 'Ready',
  failed: 'This video could not be processed.',
};

/**
 * The player once the video is ready (signed links, no sign-in header needed), its state until then. Its caption
 * tracks are in the player's own captions menu, English first unless the viewer chose otherwise (decision 1405).
 */
export function VideoPreview({ video, autoPlay = false }: { video: Video; autoPlay?: boolean }) {
  if (video.status === 'ready' && video.play_url) {
    // The staff side is in English.
    const shown = shownCaption(video.captions, 'en');
    return (
      // biome-ignore lint/a11y/useMediaCaption: exercise clips carry no speech; captions show when a track exists
      <video
        ref={(element) => rememberCaptions(element, shown)}
        className="video-preview__player"
        controls
        autoPlay={autoPlay}
        preload="metadata"
        poster={video.poster_url ? resolveUrl(video.poster_url) : undefined}
        src={resolveUrl(video.play_url)}
        aria-label={`Video: ${video.title}`}
        data-testid="video-player"
      >
        {video.captions.map((track) => (
          <track
            key={track.language}
            kind="captions"
            src={resolveUrl(track.url)}
            srcLang={track.language}
            label={captionLabels[track.language]}
            default={track.language === shown}
          />
        ))}
      </video>
    );
  }
  const isFailed = video.status === 'failed';
  return (
    <div className={`video-preview__state${isFailed ? ' video-preview__state--failed' : ''}`} role="status">
      {isFailed ? (
        <AlertTriangle size={24} aria-hidden="true" />
      ) : (
        <Loader2 className="spin" size={24} aria-hidden="true" />
      )}
      <p>{isFailed ? (video.failure_reason ?? statusText.failed) : statusText[video.status]}</p>
    </div>
  );
}

export const formatDuration = (seconds: number | null) => {
  if (seconds === null) return '';
  const whole = Math.round(seconds);
  return whole < 60 ? `${whole}s` : `${Math.floor(whole / 60)}m ${whole % 60}s`;
};
