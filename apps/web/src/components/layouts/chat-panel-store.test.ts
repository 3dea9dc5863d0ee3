import type { ChatSession } from '@rehabit/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useChatPanelStore } from './chat-panel-store.ts';

const room = { id: 7 } as ChatSession;

describe('the chat panel’s open conversation', () => {
  beforeEach(() => useChatPanelStore.setState({ isChatPanelOpen: true, chatRoom: null }));

  it('stays while the panel is open, whatever draws the panel again', () => {
    useChatPanelStore.getState().setChatRoom(room);
    useChatPanelStore.getState().setChatPanelOpen(true);
    expect(useChatPanelStore.getState().chatRoom).toBe(room);
  });

  it('is forgotten when the panel closes, by its button, Escape or the menu', () => {
    useChatPanelStore.getState().setChatRoom(room);
    useChatPanelStore.getState().setChatPanelOpen(false);
    expect(useChatPanelStore.getState().chatRoom).toBeNull();

    useChatPanelStore.setState({ isChatPanelOpen: true });
    useChatPanelStore.getState().setChatRoom(room);
    useChatPanelStore.getState().toggleChatPanel();
    expect(useChatPanelStore.getState()).toMatchObject({ isChatPanelOpen: false, chatRoom: null });
  });
});
