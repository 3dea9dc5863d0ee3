import { useSocketEvent } from '@web/lib/socket.ts';
import { lazy, Suspense, useState } from 'react';

// The card and its words load only when a visit rings: the frame holds nothing more than this listener, which names
// the events itself rather than load the contract's visit module with every page.
const IncomingCall = lazy(() => import('./incoming-call.tsx'));

export type Ring = { visit_id: number; staff_name: string };
const isRing = (payload: unknown): payload is Ring =>
  typeof (payload as Ring | null)?.visit_id === 'number' && typeof (payload as Ring).staff_name === 'string';

/** Listens for a video visit ringing while the patient is signed in, over whichever page is open. */
export function VisitRing() {
  const [ring, setRing] = useState<Ring | null>(null);
  useSocketEvent('visit:ring', (payload) => {
    if (isRing(payload)) setRing(payload);
  });
  // Answered on another device, given up by the therapist, or unanswered: the ringing stops.
  useSocketEvent('visit:ended', (payload) => {
    if ((payload as Ring | null)?.visit_id === ring?.visit_id) setRing(null);
  });
  if (!ring) return null;
  return (
    <Suspense fallback={null}>
      <IncomingCall ring={ring} onDone={() => setRing(null)} />
    </Suspense>
  );
}
