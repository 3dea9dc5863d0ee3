// Apart from device.ts and the contract's rules it reads: every first screen scrolls to the top and needs none of
// those (decision 1170).
const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Page changes and navigations scroll smoothly to the top, instantly when motion is reduced (decision 1310). */
export function scrollToTop() {
  window.scrollTo({ top: 0, left: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}
