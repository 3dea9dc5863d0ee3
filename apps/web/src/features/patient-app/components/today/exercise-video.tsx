import type { HepVideo } from '@rehabit/contract';
import { captionLabels, rememberCaptions, shownCaption } from '@web/lib/caption-choice.ts';
import { useTranslation } from 'react-i18next';

/**
 * The exercise's video, played inline on the phone with the browser's own controls, whose captions menu offers the
 * video's tracks: the patient's language shows first, and a choice made there is kept for the next video
 * (decision 1405). Nothing downloads until the patient presses play.
 */
export function ExerciseVideo({ video, title }: { video: HepVideo; title: string }) {
  const { t, i18n } = useTranslation();
  const shown = shownCaption(video.captions, i18n.language);
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
        ref={(element) => rememberCaptions(element, shown)}
        className="pa-video__media"
        src={video.play_url}
        poster={video.poster_url ?? undefined}
        controls
        playsInline
        preload="none"
        aria-label={t('exercise.video', { title })}
      >
        {video.captions.map((track) => (
          <track
            key={track.language}
            kind="captions"
            src={track.url}
            srcLang={track.language}
            label={captionLabels[track.language]}
            default={track.language === shown}
          />
        ))}
      </video>
    </div>
  );
}
