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
