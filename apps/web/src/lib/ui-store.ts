import type { ChatSession } from '@rehabit/contract';
import { create } from 'zustand';
import { registerReset } from './client-state.ts';

type UiState = {
  isChatPanelOpen: boolean;
  isMobileMenuOpen: boolean;
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
  setMobileMenuOpen: (open: boolean) => void;
};

const initial = { isChatPanelOpen: false, isMobileMenuOpen: false, chatPatientId: null, chatRoom: null };

/** UI-only state shared by the layout pieces. */
export const useUiStore = create<UiState>()((set) => ({
  ...initial,
  openChatWithPatient: (patientId) => set({ isChatPanelOpen: true, chatPatientId: patientId }),
  clearChatPatient: () => set({ chatPatientId: null }),
  setChatRoom: (room) => set({ chatRoom: room }),
  setChatPanelOpen: (open) => set(open ? { isChatPanelOpen: true } : { isChatPanelOpen: false, chatRoom: null }),
  toggleChatPanel: () =>
    set((state) => (state.isChatPanelOpen ? { isChatPanelOpen: false, chatRoom: null } : { isChatPanelOpen: true })),
  setMobileMenuOpen: (open) => set({ isMobileMenuOpen: open }),
}));

registerReset(() => useUiStore.setState(initial));
