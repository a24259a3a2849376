import type { SocketEventName, SocketEventParsedInput, SocketEventResult } from '@karm/domain/contract';
import type { Socket } from 'socket.io';
import type { Actor, AppContext } from '../context';

/** What a socket handler knows about the request besides its payload. */
export type SocketRequest = {
  ctx: AppContext;
  /** The signed-in session; always null for the public events (sign-in and password help). */
  actor: Actor | null;
  /** The token the socket carries, if any (a public event may still come from a signed-in tab). */
  sessionToken: string | undefined;
  /** The client's address, for throttling sign-in attempts. */
  address: string;
  socket: Socket;
};

export type SignedInSocketRequest = SocketRequest & { actor: Actor };

export type SocketHandler<E extends SocketEventName> = (
  input: SocketEventParsedInput<E>,
  request: SocketRequest,
) => Promise<SocketEventResult<E>>;

/** A module's socket adapter: one thin function per event, each calling a use case. */
export type SocketHandlers<E extends SocketEventName> = { [K in E]: SocketHandler<K> };

export const signedIn = (request: SocketRequest): SignedInSocketRequest => {
  if (!request.actor) throw new Error('Handler of a protected event ran without an actor');
  return request as SignedInSocketRequest;
};
