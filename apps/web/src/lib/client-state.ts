/**
 * Sign-out must leave nothing of the previous user behind. Every UI store registers how to return
 * to its first state here, and sign-out calls them all.
 */
const resetters = new Set<() => void>();

export function registerReset(reset: () => void) {
  resetters.add(reset);
  return () => resetters.delete(reset);
}

export function resetClientStores() {
  for (const reset of resetters) reset();
}

/**
 * Work a page finishes while its token still works, before sign-out revokes it: a feature that keeps something
 * running on the server (a monitoring session) registers how to end it, so the session knows of no feature.
 */
const beforeSignOut = new Set<() => Promise<unknown>>();

export function registerBeforeSignOut(step: () => Promise<unknown>) {
  beforeSignOut.add(step);
}

export const finishBeforeSignOut = () => Promise.all([...beforeSignOut].map((step) => step()));
