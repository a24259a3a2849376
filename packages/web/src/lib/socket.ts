import {
  type ErrorPayload,
  isErrorPayload,
  SERVER_PUSHES,
  type SocketEventInput,
  type SocketEventName,
  type SocketEventResult,
} from '@karm/domain/contract';
import { io, type Socket } from 'socket.io-client';
import { getAccessToken } from './access-token';
import { ApiError, REQUEST_TIMEOUT_MS } from './http';
import { useSocketErrorStore } from './store/socket-error-store';

/** SPEC §9: reconnect without limit, one second apart. */
export const RECONNECT_DELAY_MS = 1_000;

/**
 * The one realtime connection. It carries the access token in its handshake (read at every
 * (re)connect, so a new sign-in is picked up), and answers are error-first acks (SPEC §7).
 */
export const socket: Socket = io({
  autoConnect: false,
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: RECONNECT_DELAY_MS,
  reconnectionDelayMax: RECONNECT_DELAY_MS,
  randomizationFactor: 0,
  auth: (callback) => callback({ token: getAccessToken() ?? '' }),
});

const toApiError = (error: unknown) => {
  const payload: ErrorPayload = isErrorPayload(error)
    ? error
    : { code: 'UPSTREAM', message: error instanceof Error ? error.message : 'No answer from the server' };
  useSocketErrorStore.getState().recordFailure(payload);
  return new ApiError(payload);
};

/** Sends a typed request and resolves with the result, or rejects with an ApiError. */
export const request = <E extends SocketEventName>(
  event: E,
  input?: SocketEventInput<E>,
): Promise<SocketEventResult<E>> => {
  if (!socket.connected && !socket.active) socket.connect();
  return new Promise((resolve, reject) => {
    const ack = (timeoutError: Error | null, error: unknown, result: unknown) => {
      if (timeoutError) reject(toApiError(timeoutError));
      else if (error) reject(toApiError(error));
      else resolve(result as SocketEventResult<E>);
    };
    const timed = socket.timeout(REQUEST_TIMEOUT_MS);
    if (input === undefined) timed.emit(event, ack);
    else timed.emit(event, input, ack);
  });
};

/** Subscribes to a server push; returns the unsubscribe function. */
export const onPush = <Payload = unknown>(event: string, listener: (payload: Payload) => void) => {
  socket.on(event, listener);
  return () => {
    socket.off(event, listener);
  };
};

export { SERVER_PUSHES };
