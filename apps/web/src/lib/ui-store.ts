import { create } from 'zustand';
import { registerReset } from './client-state.ts';

type UiState = {
  isChatPanelOpen: boolean;
  isMobileMenuOpen: boolean;
  setChatPanelOpen: (open: boolean) => void;
  toggleChatPanel: () => void;
  setMobileMenuOpen: (open: boolean) => void;
};

const initial = { isChatPanelOpen: false, isMobileMenuOpen: false };

/** UI-only state shared by the layout pieces. */
export const useUiStore = create<UiState>()((set) => ({
  ...initial,
  setChatPanelOpen: (open) => set({ isChatPanelOpen: open }),
  toggleChatPanel: () => set((state) => ({ isChatPanelOpen: !state.isChatPanelOpen })),
  setMobileMenuOpen: (open) => set({ isMobileMenuOpen: open }),
}));

registerReset(() => useUiStore.setState(initial));
