import type {
  Access,
  PUBLIC,
  SocketEventName,
  SocketEventParsedInput,
  SocketEventResult,
} from '@karm/domain/contract';
import type { Socket } from 'socket.io';
import type { Actor, AppContext } from '../context';
import type { JsonAnswer } from './json-answer';

/** What an event's use case may need of the connection besides its input (sign-in and sessions do). */
export type SocketCall = {
  /** The token the socket carries, if any (a public event may still come from a signed-in tab). */
  sessionToken: string | undefined;
  /** The client's address, for throttling sign-in attempts. */
  address: string;
  /** The browser's User-Agent header, kept with a new session so the person can tell it apart. */
  userAgent: string | undefined;
  socket: Socket;
};

/**
 * One event of a module: who may call it (a permission, several of which any one will do, or any
 * signed-in member) and the use case that answers it. The gateway checks the session and the
 * permission, validates the payload against the contract, and only then calls the use case.
 */
export type EventEntry<E extends SocketEventName> = {
  access: Exclude<Access, typeof PUBLIC>;
  useCase: (
    ctx: AppContext,
    actor: Actor,
    input: SocketEventParsedInput<E>,
    call: SocketCall,
  ) => Promise<SocketEventResult<E> | JsonAnswer<SocketEventResult<E>>>;
};

/** An event that needs no session: signing in and password help. */
export type PublicEventEntry<E extends SocketEventName> = {
  access: typeof PUBLIC;
  useCase: (
    ctx: AppContext,
    input: SocketEventParsedInput<E>,
    call: SocketCall,
  ) => Promise<SocketEventResult<E>>;
};

export type SocketModule<E extends SocketEventName> = { [K in E]: EventEntry<K> };
export type PublicSocketModule<E extends SocketEventName> = { [K in E]: PublicEventEntry<K> };

/** A module's events, each a use case with its permission — declared once, checked by the gateway. */
export const socketModule = <E extends SocketEventName>(events: SocketModule<E>) => events;

/** A module's public events (no session, no permission); only sign-in and password help have any. */
export const publicSocketModule = <E extends SocketEventName>(events: PublicSocketModule<E>) => events;

/** Every event of the contract with its entry: what the gateway dispatches. */
export type SocketEventTable = { [E in SocketEventName]: EventEntry<E> | PublicEventEntry<E> };
