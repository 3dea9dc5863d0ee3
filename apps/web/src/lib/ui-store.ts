import { create } from 'zustand';
import { registerReset } from './client-state.ts';

type UiState = {
  isMobileMenuOpen: boolean;
  setMobileMenuOpen: (open: boolean) => void;
};

const initial = { isMobileMenuOpen: false };

/** UI-only state shared by the layout pieces: the phone's menu, opened from the bottom bar. */
export const useUiStore = create<UiState>()((set) => ({
  ...initial,
  setMobileMenuOpen: (open) => set({ isMobileMenuOpen: open }),
}));

registerReset(() => useUiStore.setState(initial));
