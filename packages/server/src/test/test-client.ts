import {
  type ErrorPayload,
  type SocketEventInput,
  type SocketEventName,
  type SocketEventResult,
  socketResultOf,
} from '@karm/domain/contract';
import { io as connectSocket, type Socket } from 'socket.io-client';

export type TestClient = {
  socket: Socket;
  /** Emits and resolves with the ack's result, or rejects with its error payload. */
  request: <E extends SocketEventName>(
    event: E,
    input?: SocketEventInput<E>,
  ) => Promise<SocketEventResult<E>>;
  /** Resolves with the ack's error payload; fails the test if the call succeeded. */
  requestError: <E extends SocketEventName>(event: E, input?: SocketEventInput<E>) => Promise<ErrorPayload>;
  /** Resolves the next time the server pushes `event`. */
  nextPush: (event: string, timeoutMs?: number) => Promise<unknown>;
  close: () => void;
};

/** A socket client like the browser's, connected to a running Karm server. */
export const connectTestClient = async (
  url: string,
  token?: string,
  options: { userAgent?: string } = {},
): Promise<TestClient> => {
  const socket = connectSocket(url, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    // Node's WebSocket sends these with the handshake, as a browser sends its own User-Agent.
    ...(options.userAgent && { extraHeaders: { 'user-agent': options.userAgent } }),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const call = (event: string, input: unknown) =>
    new Promise<{ error: unknown; result: unknown }>((resolve) => {
      const ack = (error: unknown, result: unknown) => resolve({ error, result: socketResultOf(result) });
      if (input === undefined) socket.emit(event, ack);
      else socket.emit(event, input, ack);
    });
  return {
    socket,
    request: async (event, input) => {
      const { error, result } = await call(event, input);
      if (error) throw Object.assign(new Error((error as ErrorPayload).message), { payload: error });
      return result as never;
    },
    requestError: async (event, input) => {
      const { error } = await call(event, input);
      if (!error) throw new Error(`Expected ${event} to fail, but it succeeded`);
      return error as ErrorPayload;
    },
    // Generous: the push may follow a password hash or a job, which a busy machine makes slow;
    // waiting costs a passing test nothing.
    nextPush: (event, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`No ${event} push within ${timeoutMs} ms`)),
          timeoutMs,
        );
        socket.once(event, (payload: unknown) => {
          clearTimeout(timer);
          resolve(payload);
        });
      }),
    close: () => {
      socket.close();
    },
  };
};
