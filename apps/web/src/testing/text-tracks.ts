/**
 * The players' text track lists, which jsdom lacks: each video's list holds its `<track>` children as they were
 * when first asked for, the default one showing, and a test changes a mode and sends `change` as a player's
 * captions menu does.
 */
export type FakeTextTrack = { language: string; mode: TextTrackMode };
type FakeList = EventTarget & { tracks: FakeTextTrack[]; [Symbol.iterator]: () => Iterator<FakeTextTrack> };

const lists = new WeakMap<HTMLMediaElement, FakeList>();

export function installTextTracks() {
  Object.defineProperty(HTMLMediaElement.prototype, 'textTracks', {
    configurable: true,
    get(this: HTMLMediaElement) {
      let list = lists.get(this);
      if (!list) {
        const tracks = [...this.querySelectorAll('track')].map(
          (track): FakeTextTrack => ({ language: track.srclang, mode: track.default ? 'showing' : 'disabled' }),
        );
        list = Object.assign(new EventTarget(), { tracks, [Symbol.iterator]: () => tracks[Symbol.iterator]() });
        lists.set(this, list);
      }
      return list;
    },
  });
}

/** Picks a track (a language, or none with null) in the video's captions menu, touching the player to open it. */
export function chooseCaptions(video: HTMLVideoElement, language: string | null) {
  video.dispatchEvent(new Event('pointerdown'));
  const list = video.textTracks as unknown as FakeList;
  for (const track of list.tracks) track.mode = track.language === language ? 'showing' : 'disabled';
  list.dispatchEvent(new Event('change'));
}

/** The browser turns a track on by itself, as a player loading its tracks may: no touch on the player before it. */
export function browserShowsCaptions(video: HTMLVideoElement, language: string) {
  const list = video.textTracks as unknown as FakeList;
  for (const track of list.tracks) if (track.language === language) track.mode = 'showing';
  list.dispatchEvent(new Event('change'));
}
