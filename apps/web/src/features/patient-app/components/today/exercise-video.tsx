import type { HepVideo } from '@rehabit/contract';
import { useTranslation } from 'react-i18next';

/**
 * The exercise's video, played inline on the phone with the browser's own controls (which carry
 * captions when the video has them). Nothing downloads until the patient presses play.
 */
export function ExerciseVideo({ video, title }: { video: HepVideo; title: string }) {
  const { t } = useTranslation();
  if (!video.play_url) {
    return (
      <div className="pa-video pa-video--missing">
        {video.poster_url && <img src={video.poster_url} alt="" className="pa-video__media" />}
        <p>{t('exercise.noVideo')}</p>
      </div>
    );
  }
  return (
    <div className="pa-video">
      {/* biome-ignore lint/a11y/useMediaCaption: exercise videos carry no speech; captions show when a track exists */}
      <video
        className="pa-video__media"
        src={video.play_url}
        poster={video.poster_url ?? undefined}
        controls
        playsInline
        preload="none"
        aria-label={t('exercise.video', { title })}
      />
    </div>
  );
}
