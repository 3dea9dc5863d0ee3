import type { QueryClient } from '@tanstack/react-query';

/**
 * Resolves once the first screen is drawn: the page has loaded, its data has arrived and the browser is idle. Work
 * the first screen does not need (the live connection and its library) waits for it, so it never competes with the
 * screen for a phone's CPU (decision 1122).
 */
let markDrawn: () => void = () => undefined;
export const firstScreenDrawn = new Promise<void>((resolve) => {
  markDrawn = resolve;
});

export const markFirstScreenDrawn = () => markDrawn();

// A screen that keeps fetching (a poll) does not hold live updates back for longer than this.
const MAX_WAIT_MS = 5000;

/** Watches the app's queries after the page has loaded; returns the clean-up. */
export function watchFirstScreen(queryClient: QueryClient): () => void {
  let stopWatching: () => void = () => undefined;
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(markDrawn, { timeout: 1000 });
    else setTimeout(markDrawn, 1);
  };
  const afterLoad = () => {
    const cap = setTimeout(markDrawn, MAX_WAIT_MS);
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      stopWatching();
      clearTimeout(cap);
      whenIdle();
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    stopWatching = () => {
      unsubscribe();
      clearTimeout(cap);
    };
    check();
  };
  if (document.readyState === 'complete') afterLoad();
  else {
    window.addEventListener('load', afterLoad, { once: true });
    stopWatching = () => window.removeEventListener('load', afterLoad);
  }
  return () => stopWatching();
}
