import {
  type ErrorPayload,
  isErrorPayload,
  SERVER_PUSHES,
  type SocketEventInput,
  type SocketEventName,
  type SocketEventResult,
  socketResultOf,
} from '@karm/domain/contract';
import type { ManagerReservedEvents, Socket } from 'socket.io-client';
import { getAccessToken } from './access-token';
import { ApiError, REQUEST_TIMEOUT_MS } from './http';
import { recordRecentAction } from './recent-actions';
import { useSocketErrorStore } from './store/socket-error-store';

/** SPEC §9: reconnect without limit, one second apart. */
export const RECONNECT_DELAY_MS = 1_000;

type Listener = (...args: unknown[]) => unknown;

let client: Socket | undefined;
let loading: Promise<Socket> | undefined;

type Attach = (client: Socket, event: string, listener: Listener) => void;

/**
 * Listeners by event name, kept here so that those added before the Socket.IO client exists are
 * attached when it is created; adding and removing work the same before and after.
 */
const listenerRegistry = (attach: Attach, detach: Attach) => {
  const byEvent = new Map<string, Set<Listener>>();
  return {
    add: (event: string, listener: Listener) => {
      byEvent.set(event, (byEvent.get(event) ?? new Set()).add(listener));
      if (client) attach(client, event, listener);
    },
    remove: (event: string, listener: Listener) => {
      byEvent.get(event)?.delete(listener);
      if (client) detach(client, event, listener);
    },
    attachAll: (to: Socket) => {
      for (const [event, listeners] of byEvent) for (const listener of listeners) attach(to, event, listener);
    },
    listeners: (event: string) => [...(byEvent.get(event) ?? [])],
  };
};

/** Server pushes (`onPush`), on the socket. */
const pushes = listenerRegistry(
  (to, event, listener) => to.on(event, listener),
  (from, event, listener) => from.off(event, listener),
);
type ConnectionEvent = keyof ManagerReservedEvents;
/** The connection's own events (`socket.io.on('reconnect')`), on its manager. */
const connectionEvents = listenerRegistry(
  (to, event, listener) => to.io.on(event as ConnectionEvent, listener),
  (from, event, listener) => from.io.off(event as ConnectionEvent, listener),
);

/**
 * The one realtime connection. It carries the access token in its handshake (read at every
 * (re)connect, so a new sign-in is picked up), and answers are error-first acks (SPEC §7).
 */
const createClient = async () => {
  const { io } = await import('socket.io-client');
  const created = io({
    autoConnect: false,
    reconnection: true,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
    reconnectionDelay: RECONNECT_DELAY_MS,
    reconnectionDelayMax: RECONNECT_DELAY_MS,
    randomizationFactor: 0,
    auth: (callback) => callback({ token: getAccessToken() ?? '' }),
  });
  pushes.attachAll(created);
  connectionEvents.attachAll(created);
  client = created;
  return created;
};

/**
 * The Socket.IO client, created on first use: its code (socket.io-client) loads then, so /login
 * starts without it. Loaded once; a failed load is tried again by the next use.
 */
const loadClient = () => {
  loading ??= createClient().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
};

const connectIfIdle = (to: Socket) => {
  if (!to.connected && !to.active) to.connect();
};

/**
 * The connection as the app uses it. The client is created by the first request or `connect`;
 * listeners added before wait here for it.
 */
export const socket = {
  /**
   * Opens the connection, loading the client first, unless it is open or opening. A client that
   * fails to load is left to the next request, which reports it.
   */
  connect: async () => {
    const loaded = await loadClient().catch(() => undefined);
    if (loaded) connectIfIdle(loaded);
  },
  /** Closes the connection, if there is one; the next request opens it again. */
  disconnect: () => {
    client?.disconnect();
  },
  /** The connection's own events, e.g. `reconnect` (Socket.IO's manager events). */
  io: {
    on: (event: ConnectionEvent, listener: Listener) => connectionEvents.add(event, listener),
    off: (event: ConnectionEvent, listener: Listener) => connectionEvents.remove(event, listener),
  },
  /** The listeners of a server push. */
  listeners: (event: string) => pushes.listeners(event),
};

const toApiError = (error: unknown) => {
  const payload: ErrorPayload = isErrorPayload(error)
    ? error
    : { code: 'UPSTREAM', message: error instanceof Error ? error.message : 'No answer from the server' };
  useSocketErrorStore.getState().recordFailure(payload);
  return new ApiError(payload);
};

/**
 * Sends a typed request and resolves with the result, or rejects with an ApiError. The first one
 * loads the client; the time-out (SPEC §9) runs from when the request is sent.
 */
export const request = async <E extends SocketEventName>(
  event: E,
  input?: SocketEventInput<E>,
): Promise<SocketEventResult<E>> => {
  const current = await loadClient().catch((error: unknown) => {
    throw toApiError(error);
  });
  connectIfIdle(current);
  recordRecentAction('event', event);
  return new Promise((resolve, reject) => {
    const ack = (timeoutError: Error | null, error: unknown, result: unknown) => {
      if (timeoutError) reject(toApiError(timeoutError));
      else if (error) reject(toApiError(error));
      else resolve(socketResultOf(result) as SocketEventResult<E>);
    };
    const timed = current.timeout(REQUEST_TIMEOUT_MS);
    if (input === undefined) timed.emit(event, ack);
    else timed.emit(event, input, ack);
  });
};

/** Subscribes to a server push (before or after the client exists); returns the unsubscribe function. */
export const onPush = <Payload = unknown>(event: string, listener: (payload: Payload) => void) => {
  // One function per subscription, so that unsubscribing removes this one only.
  const handler: Listener = (payload) => listener(payload as Payload);
  pushes.add(event, handler);
  return () => pushes.remove(event, handler);
};

export { SERVER_PUSHES };
