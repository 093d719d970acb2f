import { io, type Socket } from 'socket.io-client';
import type { TestApi } from './test-api.js';

/** Everything a socket heard, in order, so a test can wait for one event or check for none. */
export interface Listener {
  socket: Socket;
  heard: { event: string; data: unknown }[];
  disconnectReason?: string;
}

const WAIT_MS = 5000;

/** socket.io clients the way the console opens them; `closeAll` after each test. */
export function socketClients() {
  const open: Socket[] = [];
  return {
    /** Answers once the server accepted the handshake; rejects with its `connect_error`. */
    connect(
      on: TestApi,
      auth: Record<string, unknown>,
      transports: ('websocket' | 'polling')[] = ['websocket'],
    ): Promise<Listener> {
      const socket = io(on.url, { auth, transports, reconnection: false });
      open.push(socket);
      const listener: Listener = { socket, heard: [] };
      socket.onAny((event: string, data: unknown) => listener.heard.push({ event, data }));
      socket.on('disconnect', (reason) => (listener.disconnectReason = reason));
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(listener));
        socket.once('connect_error', reject);
      });
    },
    closeAll(): void {
      for (const socket of open.splice(0)) socket.disconnect();
    },
  };
}

/** Waits until the socket heard an event that passes `matches`; answers its data. */
export function heard<T>(
  listener: Listener,
  event: string,
  matches: (data: T) => boolean = () => true,
): Promise<T> {
  const found = () => listener.heard.find((e) => e.event === event && matches(e.data as T));
  return new Promise((resolve, reject) => {
    const check = () => {
      const hit = found();
      if (!hit) return false;
      clearTimeout(timer);
      listener.socket.offAny(check);
      resolve(hit.data as T);
      return true;
    };
    const timer = setTimeout(() => {
      listener.socket.offAny(check);
      reject(
        new Error(`no ${event} within ${WAIT_MS} ms; heard ${JSON.stringify(listener.heard)}`),
      );
    }, WAIT_MS);
    if (!check()) listener.socket.onAny(check);
  });
}

/** Waits until the server ends the socket; answers socket.io's reason. */
export function disconnected(listener: Listener): Promise<string> {
  if (!listener.socket.connected) return Promise.resolve(listener.disconnectReason ?? '');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected')), WAIT_MS);
    listener.socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
