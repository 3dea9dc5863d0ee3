/**
 * The patient side as an app on the phone's home screen (decision 1355): its manifest, linked by the signed-in
 * patient's frame only (the staff portal's pages are never installable), and the browser's offer to install it, kept
 * until the frame shows its "Install the app" button.
 */
const MANIFEST_URL = '/my/manifest.webmanifest';
const APPLE_ICON_URL = '/my/icons/apple-touch-icon-180.png';
export const INSTALL_DISMISSED_KEY = 'rehabit.install_dismissed';

/** Links the patient app's manifest and home-screen icon from this page, once. */
export function linkAppManifest(doc: Document = document) {
  const link = (rel: string, href: string) => {
    if (doc.head.querySelector(`link[rel="${rel}"]`)) return;
    const element = doc.createElement('link');
    element.rel = rel;
    element.href = href;
    doc.head.append(element);
  };
  link('manifest', MANIFEST_URL);
  link('apple-touch-icon', APPLE_ICON_URL);
}

/** Chromium's install offer (not in the DOM's types: only Chromium browsers send it). */
export type InstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

type InstallState = { offer: InstallPromptEvent | null; isInstalled: boolean; isDismissed: boolean };

const readDismissed = () => {
  try {
    return window.localStorage.getItem(INSTALL_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
};

let state: InstallState = { offer: null, isInstalled: false, isDismissed: false };
const listeners = new Set<() => void>();
const update = (change: Partial<InstallState>) => {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
};

export const installState = () => state;
export const onInstallStateChange = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether the frame offers to install: the browser made an offer, and the app is neither installed nor declined. */
export const canOfferInstall = ({ offer, isInstalled, isDismissed }: InstallState) =>
  offer !== null && !isInstalled && !isDismissed;

let isCapturing = false;

/**
 * Keeps the browser's install offer for the frame's button instead of the browser's own banner, and notes an app
 * opened from the home screen or just installed. Called with the manifest's link, so before any offer can come.
 */
export function captureInstallPrompt(win: Window = window) {
  if (isCapturing) return;
  isCapturing = true;
  const isStandalone =
    win.matchMedia?.('(display-mode: standalone)').matches === true ||
    (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  update({ isInstalled: isStandalone, isDismissed: readDismissed() });
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    update({ offer: event as InstallPromptEvent });
  });
  win.addEventListener('appinstalled', () => update({ offer: null, isInstalled: true }));
}

/** Shows the browser's install dialog; the offer is used up whatever the patient answers. */
export async function acceptInstallOffer() {
  const { offer } = state;
  if (!offer) return;
  update({ offer: null });
  try {
    await offer.prompt();
    const choice = await offer.userChoice;
    if (choice.outcome === 'accepted') update({ isInstalled: true });
  } catch {
    // The browser withdrew its offer (shown elsewhere, or no longer allowed): nothing to install now.
  }
}

/** "Not now": the button stays hidden on this phone. */
export function declineInstallOffer() {
  try {
    window.localStorage.setItem(INSTALL_DISMISSED_KEY, 'true');
  } catch {
    // Storage disabled: hidden until the page reloads.
  }
  update({ isDismissed: true });
}
