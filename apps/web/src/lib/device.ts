import { isMobileDevice, isNarrowForDatePicker } from '@rehabit/contract';
import { useSyncExternalStore } from 'react';

const subscribeToResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

const currentWidth = () => window.innerWidth;

/** The window width, following resizes. */
export const useWindowWidth = () => useSyncExternalStore(subscribeToResize, currentWidth, () => 1280);

/** Mobile detection (decision 1310): a mobile user agent or a window narrower than 768 px. */
export function useIsMobile() {
  const width = useWindowWidth();
  return isMobileDevice(navigator.userAgent, width);
}

export function useIsNarrowForDatePicker() {
  return isNarrowForDatePicker(useWindowWidth());
}
