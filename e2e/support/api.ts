import type {
  ErrorPayload,
  SocketEventInput,
  SocketEventName,
  SocketEventResult,
} from '@karm/domain/contract';
import { io, type Socket } from 'socket.io-client';
import { E2E_BASE_URL } from './users';

/** A signed-in API session from Node: how journeys prepare or inspect state without the UI. */
export type ApiSession = {
  token: string;
  request: <E extends SocketEventName>(
    event: E,
    input?: SocketEventInput<E>,
  ) => Promise<SocketEventResult<E>>;
  close: () => void;
};

const connect = () =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(E2E_BASE_URL, { transports: ['websocket'], reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

const call = (socket: Socket, event: string, input: unknown) =>
  new Promise<unknown>((resolve, reject) => {
    const ack = (error: ErrorPayload | null, result: unknown) =>
      error ? reject(new Error(error.message)) : resolve(result);
    if (input === undefined) socket.emit(event, ack);
    else socket.emit(event, input, ack);
  });

export const apiSignIn = async (
  username: string,
  password: string,
  companyId?: string,
): Promise<ApiSession> => {
  const socket = await connect();
  const { accessToken } = (await call(socket, 'authenticate', { username, password, companyId })) as {
    accessToken: string;
  };
  return {
    token: accessToken,
    request: (event, input) => call(socket, event, input) as never,
    close: () => socket.close(),
  };
};
