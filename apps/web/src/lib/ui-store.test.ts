import type { ChatSession } from '@rehabit/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUiStore } from './ui-store.ts';

const room = { id: 7 } as ChatSession;

describe('the chat panel’s open conversation', () => {
  beforeEach(() => useUiStore.setState({ isChatPanelOpen: true, chatRoom: null }));

  it('stays while the panel is open, whatever draws the panel again', () => {
    useUiStore.getState().setChatRoom(room);
    useUiStore.getState().setChatPanelOpen(true);
    expect(useUiStore.getState().chatRoom).toBe(room);
  });

  it('is forgotten when the panel closes, by its button, Escape or the menu', () => {
    useUiStore.getState().setChatRoom(room);
    useUiStore.getState().setChatPanelOpen(false);
    expect(useUiStore.getState().chatRoom).toBeNull();

    useUiStore.setState({ isChatPanelOpen: true });
    useUiStore.getState().setChatRoom(room);
    useUiStore.getState().toggleChatPanel();
    expect(useUiStore.getState()).toMatchObject({ isChatPanelOpen: false, chatRoom: null });
  });
});
