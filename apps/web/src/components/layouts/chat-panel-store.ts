import type { ChatSession } from '@rehabit/contract';
import { registerReset } from '@web/lib/client-state.ts';
import { create } from 'zustand';

type ChatPanelState = {
  isChatPanelOpen: boolean;
  /** A patient whose conversation the chat panel should open (e.g. from the patient dashboard). */
  chatPatientId: number | null;
  /** Opens the desktop chat panel on this patient's conversation, creating it if needed. */
  openChatWithPatient: (patientId: number) => void;
  clearChatPatient: () => void;
  /**
   * The conversation open in the desktop panel: kept here rather than in the panel, so it stays open when the
   * layout is drawn again (the window crossing the phone width and back); closing the panel forgets it.
   */
  chatRoom: ChatSession | null;
  setChatRoom: (room: ChatSession | null) => void;
  setChatPanelOpen: (open: boolean) => void;
  toggleChatPanel: () => void;
};

const initial = { isChatPanelOpen: false, chatPatientId: null, chatRoom: null };

/** The desktop chat panel, shared by the layout that draws it, the navigation that opens it and the screens that aim it. */
export const useChatPanelStore = create<ChatPanelState>()((set) => ({
  ...initial,
  openChatWithPatient: (patientId) => set({ isChatPanelOpen: true, chatPatientId: patientId }),
  clearChatPatient: () => set({ chatPatientId: null }),
  setChatRoom: (room) => set({ chatRoom: room }),
  setChatPanelOpen: (open) => set(open ? { isChatPanelOpen: true } : { isChatPanelOpen: false, chatRoom: null }),
  toggleChatPanel: () =>
    set((state) => (state.isChatPanelOpen ? { isChatPanelOpen: false, chatRoom: null } : { isChatPanelOpen: true })),
}));

registerReset(() => useChatPanelStore.setState(initial));
