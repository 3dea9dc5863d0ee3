/**
 * Conversations whose messages are on screen now. A message arriving in one of them is read as it
 * arrives, so it does not count as unread and the server is told by reloading the newest page.
 */
const onScreen = new Map<number, number>();

export function showSession(sessionId: number) {
  onScreen.set(sessionId, (onScreen.get(sessionId) ?? 0) + 1);
  return () => {
    const left = (onScreen.get(sessionId) ?? 1) - 1;
    if (left > 0) onScreen.set(sessionId, left);
    else onScreen.delete(sessionId);
  };
}

export const isSessionOnScreen = (sessionId: number) => onScreen.has(sessionId);
