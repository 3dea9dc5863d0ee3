import type { CaptionLanguage, CaptionLink } from '@rehabit/contract';

/**
 * The viewer's captions choice, kept on the device for every player of both sides (decision 1405): a language, or
 * off. Until the viewer chooses, a video shows the track in the viewer's own language.
 */
export const CAPTIONS_KEY = 'rehabit.captions';

type Choice = CaptionLanguage | 'off';

/** How each track is named in the player's menu: in its own language, so it reads the same on either side. */
export const captionLabels: Record<CaptionLanguage, string> = { en: 'English', es: 'Español' };

function remembered(): Choice | null {
  try {
    const value = localStorage.getItem(CAPTIONS_KEY);
    return value === 'en' || value === 'es' || value === 'off' ? value : null;
  } catch {
    return null;
  }
}

/** The track a player shows from the start: the remembered choice, else the viewer's language; none when off. */
export function shownCaption(tracks: CaptionLink[], viewerLanguage: string): CaptionLanguage | null {
  const choice = remembered() ?? (viewerLanguage.startsWith('es') ? 'es' : 'en');
  return tracks.some((track) => track.language === choice) ? (choice as CaptionLanguage) : null;
}

/**
 * A video's `ref`, answering its cleanup: shows the track that `shownCaption` chose (again at each render, so a
 * change of the viewer's language reaches a player already on the screen), and remembers what the viewer picks in
 * the player's own captions menu. Only the viewer's own pick counts: a change of the tracks that no touch or key on
 * the player preceded (the browser turning on a track by itself as it loads) is undone, so a viewer who never picks
 * keeps following their language; a pick is remembered, so the next render shows it again.
 */
export function rememberCaptions(video: HTMLVideoElement | null, shown: CaptionLanguage | null) {
  const tracks = video?.textTracks;
  // A browser without the list's events (or a test's document) plays on without remembering.
  if (!video || !tracks?.addEventListener) return;
  const show = (language: CaptionLanguage | null) => {
    for (const track of tracks) {
      const isShown = track.language === language;
      if (isShown !== (track.mode === 'showing')) track.mode = isShown ? 'showing' : 'disabled';
    }
  };
  show(shown);
  let current: Choice = shown ?? 'off';
  let isPicking = false;
  const onTouch = () => {
    isPicking = true;
  };
  const onChange = () => {
    if (!isPicking) return show(current === 'off' ? null : current);
    const showing = [...tracks].find((track) => track.mode === 'showing');
    const choice = (showing?.language ?? 'off') as Choice;
    if (choice === current) return;
    current = choice;
    try {
      localStorage.setItem(CAPTIONS_KEY, choice);
    } catch {
      // A browser that keeps nothing (private mode, full storage) still plays with the choice made now.
    }
  };
  tracks.addEventListener('change', onChange);
  video.addEventListener('pointerdown', onTouch);
  video.addEventListener('keydown', onTouch);
  return () => {
    tracks.removeEventListener('change', onChange);
    video.removeEventListener('pointerdown', onTouch);
    video.removeEventListener('keydown', onTouch);
  };
}
