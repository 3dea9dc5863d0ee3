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
  setChatPanelOpen: (open: boolean) => void;
  toggleChatPanel: () => void;
  setMobileMenuOpen: (open: boolean) => void;
};

const initial = { isChatPanelOpen: false, isMobileMenuOpen: false, chatPatientId: null };

/** UI-only state shared by the layout pieces. */
export const useUiStore = create<UiState>()((set) => ({
  ...initial,
  openChatWithPatient: (patientId) => set({ isChatPanelOpen: true, chatPatientId: patientId }),
  clearChatPatient: () => set({ chatPatientId: null }),
  setChatPanelOpen: (open) => set({ isChatPanelOpen: open }),
  toggleChatPanel: () => set((state) => ({ isChatPanelOpen: !state.isChatPanelOpen })),
  setMobileMenuOpen: (open) => set({ isMobileMenuOpen: open }),
}));

registerReset(() => useUiStore.setState(initial));
