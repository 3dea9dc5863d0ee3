import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the phone says it has a network (a browser that cannot tell counts as online). */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine !== false,
    () => true,
  );
