import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { scrollToTop } from '../lib/scroll.ts';
import './root-layout.css';

/** Every navigation scrolls smoothly to the top (decision 1310); a thin bar shows while a screen loads. */
export function RootLayout() {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is about the location changing
  useEffect(() => {
    scrollToTop();
  }, [pathname, search]);

  return (
    <>
      <div className="nav-progress" hidden={navigation.state === 'idle'} aria-hidden="true" />
      <Outlet />
    </>
  );
}
