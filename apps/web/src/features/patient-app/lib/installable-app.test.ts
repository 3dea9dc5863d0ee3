import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  acceptInstallOffer,
  canOfferInstall,
  captureInstallPrompt,
  declineInstallOffer,
  INSTALL_DISMISSED_KEY,
  installState,
  linkAppManifest,
} from './installable-app.ts';

const offer = (outcome: 'accepted' | 'dismissed') =>
  Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });

describe('the install offer (decision 1355)', () => {
  beforeAll(() => captureInstallPrompt(window));

  it("links the patient app's manifest and home-screen icon once", () => {
    linkAppManifest(document);
    linkAppManifest(document);
    const manifests = document.head.querySelectorAll('link[rel="manifest"]');
    expect(manifests).toHaveLength(1);
    expect(manifests[0]).toHaveAttribute('href', '/my/manifest.webmanifest');
    expect(document.head.querySelector('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/my/icons/apple-touch-icon-180.png',
    );
  });

  it("keeps the browser's offer for the frame's button and shows the browser's dialog when pressed", async () => {
    const event = offer('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(canOfferInstall(installState())).toBe(true);

    await acceptInstallOffer();
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(installState().isInstalled).toBe(true);
    expect(canOfferInstall(installState())).toBe(false);
  });

  it('offers nothing once declined, and remembers it on the phone', () => {
    expect(canOfferInstall({ offer: offer('dismissed') as never, isInstalled: false, isDismissed: false })).toBe(true);
    declineInstallOffer();
    expect(installState().isDismissed).toBe(true);
    expect(window.localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('true');
    expect(canOfferInstall({ ...installState(), offer: offer('dismissed') as never })).toBe(false);
  });

  it('offers nothing in an installed app', () => {
    expect(canOfferInstall({ offer: offer('dismissed') as never, isInstalled: true, isDismissed: false })).toBe(false);
  });
});
