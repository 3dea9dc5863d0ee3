import { registerReset } from '@web/lib/client-state.ts';
import { create } from 'zustand';

export type OutgoingStatus = 'sending' | 'failed';

/** A message written here and not yet confirmed saved by the server. */
export type OutgoingMessage = {
  clientId: string;
  session: number;
  text: string;
  status: OutgoingStatus;
  createdAt: string;
};

type OutboxState = {
  messages: OutgoingMessage[];
  add: (message: Omit<OutgoingMessage, 'status' | 'createdAt'>) => OutgoingMessage;
  setStatus: (clientId: string, status: OutgoingStatus) => void;
  remove: (clientId: string) => void;
};

/** Chosen here so a retried send is recognised by the server (contract: 8 to 64 letters, digits, - or _). */
export const newClientId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** Messages on their way, kept outside the server cache so a failed one survives refreshes of the list. */
export const useOutboxStore = create<OutboxState>()((set) => ({
  messages: [],
  add: (message) => {
    const outgoing: OutgoingMessage = { ...message, status: 'sending', createdAt: new Date().toISOString() };
    set((state) => ({ messages: [...state.messages, outgoing] }));
    return outgoing;
  },
  setStatus: (clientId, status) =>
    set((state) => ({ messages: state.messages.map((m) => (m.clientId === clientId ? { ...m, status } : m)) })),
  remove: (clientId) => set((state) => ({ messages: state.messages.filter((m) => m.clientId !== clientId) })),
}));

registerReset(() => useOutboxStore.setState({ messages: [] }));
