import { useSocketEvent } from '@web/lib/socket.ts';
import { lazy, Suspense, useState } from 'react';

// The card and its words load only when a visit rings: the frame holds nothing more than this listener, which names
// the events itself rather than load the contract's visit module with every page (a test holds them to the contract).
const IncomingCall = lazy(() => import('./incoming-call.tsx'));
export const ringEvents = { ring: 'visit:ring', ended: 'visit:ended' } as const;

export type Ring = { visit_id: number; staff_name: string };
const isRing = (payload: unknown): payload is Ring =>
  typeof (payload as Ring | null)?.visit_id === 'number' && typeof (payload as Ring).staff_name === 'string';

/** Listens for a video visit ringing while the patient is signed in, over whichever page is open. */
export function VisitRing() {
  const [ring, setRing] = useState<Ring | null>(null);
  useSocketEvent(ringEvents.ring, (payload) => {
    if (isRing(payload)) setRing(payload);
  });
  // The visit ended (hung up by the therapist, or unanswered): the ringing stops. It stops too when this device
  // answers or puts it away; the server tells the patient's other devices nothing when one of them answers.
  useSocketEvent(ringEvents.ended, (payload) => {
    if ((payload as Ring | null)?.visit_id === ring?.visit_id) setRing(null);
  });
  if (!ring) return null;
  return (
    <Suspense fallback={null}>
      <IncomingCall ring={ring} onDone={() => setRing(null)} />
    </Suspense>
  );
}
