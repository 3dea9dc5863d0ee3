import { screen, within } from '@testing-library/react';
import { CAPTIONS_KEY } from '@web/lib/caption-choice.ts';
import { fixtureApi } from '@web/testing/fixture-api.ts';
import { renderApp } from '@web/testing/render-app.tsx';
import { browserShowsCaptions, chooseCaptions, installTextTracks } from '@web/testing/text-tracks.ts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from './i18n/i18n.ts';
import { makeToday, makeTodayItem, patientRoutes } from './patient-fixtures.ts';

const link = (id: number, language: 'en' | 'es') => ({
  language,
  url: `/video-host/captions/guid-${id}/${language}?expires=1&sig=x`,
});
const captioned = (id: number) =>
  makeTodayItem(id, { video: { ...makeTodayItem(id).video, captions: [link(id, 'en'), link(id, 'es')] } });

/** Today with two captioned exercises, opened afresh; the players of the cards by exercise. */
async function openToday() {
  fixtureApi(patientRoutes(makeToday([captioned(1), captioned(2)])));
  const view = renderApp('/my/today', { token: 'patient-token' });
  await screen.findByRole('article', { name: 'Exercise 1' });
  const player = (n: number) =>
    within(screen.getByRole('article', { name: `Exercise ${n}` })).getByLabelText(
      new RegExp(`Exercise ${n}$`),
    ) as HTMLVideoElement;
  const defaults = (n: number) =>
    [...player(n).querySelectorAll('track')].filter((track) => track.default).map((track) => track.srclang);
  return { view, player, defaults };
}

describe('captions on the exercise videos', () => {
  beforeAll(installTextTracks);
  beforeEach(() => changeLanguage('en'));

  it('offers each caption track in the native captions menu, named in its own language', async () => {
    const { player } = await openToday();
    const tracks = [...player(1).querySelectorAll('track')];
    expect(tracks.map((track) => [track.kind, track.srclang, track.label, track.getAttribute('src')])).toEqual([
      ['captions', 'en', 'English', link(1, 'en').url],
      ['captions', 'es', 'Español', link(1, 'es').url],
    ]);
  });

  it('shows the captions of the patient’s language by default', async () => {
    await changeLanguage('es');
    const { defaults } = await openToday();
    expect(defaults(1)).toEqual(['es']);
    expect(defaults(2)).toEqual(['es']);
  });

  it('remembers the captions chosen in a player for the next videos, off included', async () => {
    await changeLanguage('es');
    const first = await openToday();
    chooseCaptions(first.player(1), 'en');
    expect(localStorage.getItem(CAPTIONS_KEY)).toBe('en');
    first.view.unmount();

    const second = await openToday();
    expect(second.defaults(1)).toEqual(['en']);
    expect(second.defaults(2)).toEqual(['en']);
    chooseCaptions(second.player(2), null);
    expect(localStorage.getItem(CAPTIONS_KEY)).toBe('off');
    second.view.unmount();

    const third = await openToday();
    expect(third.defaults(1)).toEqual([]);
  });

  it('moves the captions to the language the patient switches to, on the videos already shown', async () => {
    const { view, player } = await openToday();
    const modes = () => [...player(1).textTracks].map((track) => `${track.language}:${track.mode}`);
    expect(modes()).toEqual(['en:showing', 'es:disabled']);
    await view.user.click(screen.getByRole('button', { name: 'Español' }));
    await screen.findByRole('heading', { name: 'Hoy', level: 1 });
    expect(modes()).toEqual(['en:disabled', 'es:showing']);
    expect(localStorage.getItem(CAPTIONS_KEY)).toBeNull();
  });

  it('undoes a track the browser turns on by itself, and keeps it out of the patient’s choice', async () => {
    await changeLanguage('es');
    const { player } = await openToday();
    const modes = () => [...player(1).textTracks].map((track) => `${track.language}:${track.mode}`);
    expect(modes()).toEqual(['en:disabled', 'es:showing']);
    browserShowsCaptions(player(1), 'en');
    expect(modes()).toEqual(['en:disabled', 'es:showing']);
    expect(localStorage.getItem(CAPTIONS_KEY)).toBeNull();
  });

  it('takes the track shown from the start for no choice, so the patient’s language keeps leading', async () => {
    const { player } = await openToday();
    chooseCaptions(player(1), 'en');
    expect(localStorage.getItem(CAPTIONS_KEY)).toBeNull();
  });
});
