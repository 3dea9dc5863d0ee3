import type { ChatMessage } from '@rehabit/contract';
import { io as connect, type Socket } from 'socket.io-client';

/**
 * Live chat clients for socket tests: each one records the `new_message` events it receives. Call `closeAll` after
 * the tests.
 */
export function chatListeners() {
  const sockets: Socket[] = [];
  return {
    listen(baseUrl: string, token: string, lastMessageId?: number) {
      const received: ChatMessage[] = [];
      const socket = connect(baseUrl, {
        auth: { token, last_message_id: lastMessageId },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      socket.on('new_message', (m: ChatMessage) => received.push(m));
      return new Promise<{ socket: Socket; received: ChatMessage[] }>((resolve, reject) => {
        socket.on('connect', () => resolve({ socket, received }));
        socket.on('connect_error', reject);
      });
    },
    closeAll() {
      for (const s of sockets) s.disconnect();
    },
  };
}

/** Gives in-flight socket events time to arrive before asserting that nothing (more) came. */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
