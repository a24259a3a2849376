import type { Server as HttpServer, IncomingHttpHeaders } from 'node:http';
import { isAllowed, PUBLIC, SERVER_PUSHES, SOCKET_EVENTS, type SocketEventName } from '@karm/domain/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { Actor, AppContext } from '../context';
import { AppError, isInternal, refusedAction, toErrorPayload } from '../errors';
import { parseInput } from '../input';
import { toAck } from './json-answer';
import { companyAdminsRoom, companyRoom, memberRoom, sessionRoom, userRoom } from './realtime';
import type { EventEntry, PublicEventEntry, SocketCall, SocketEventTable } from './socket-module';

/** Resolves an access token to its live session, or null when it is missing, expired or revoked. */
export type ResolveActor = (token: string) => Promise<Actor | null>;

type Acknowledge = (error: unknown, result?: unknown) => void;

const tokenOf = (socket: Socket): string | undefined => {
  const fromSocket = socket.data.token;
  if (typeof fromSocket === 'string') return fromSocket;
  const fromHandshake = socket.handshake.auth?.token;
  return typeof fromHandshake === 'string' && fromHandshake.length > 0 ? fromHandshake : undefined;
};

/** The client's address; behind a trusted proxy, the first X-Forwarded-For entry. */
const addressOf = (socket: Socket, trustProxy: boolean) => {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return trustProxy && first ? first : socket.handshake.address;
};

/** Puts a socket into the rooms its session receives pushes in (or takes it out of all of them). */
export const joinSessionRooms = async (socket: Socket, token: string | undefined, actor: Actor | null) => {
  for (const room of socket.rooms) if (room !== socket.id) socket.leave(room);
  socket.data.token = actor ? token : undefined;
  if (!actor) return;
  const rooms = [
    companyRoom(actor.companyId),
    sessionRoom(actor.sessionId),
    userRoom(actor.userId),
    memberRoom(actor.companyId, actor.userId),
  ];
  // Sync progress and logs go to whoever manages the accounting system.
  if (actor.permissions.has('accounting.manage')) rooms.push(companyAdminsRoom(actor.companyId));
  await socket.join(rooms);
};

/**
 * A browser's Origin must be Karm's own: the host the request was sent to (same origin, also behind
 * the Vite dev proxy), PUBLIC_URL's, or one of ALLOWED_ORIGINS. No Origin at all is a non-browser.
 * The configured origins are read once; each handshake only compares.
 */
const originCheck = (config: AppContext['config']) => {
  const configured = new Set(
    [config.publicUrl, ...config.allowedOrigins].flatMap((url) => (url ? [new URL(url).origin] : [])),
  );
  return (headers: IncomingHttpHeaders) => {
    const origin = headers.origin;
    if (origin === undefined) return true;
    let originUrl: URL;
    try {
      originUrl = new URL(origin);
    } catch {
      return false;
    }
    const forwardedHost = config.trustProxy ? headers['x-forwarded-host'] : undefined;
    const host = (Array.isArray(forwardedHost) ? forwardedHost[0] : forwardedHost) ?? headers.host;
    return (host !== undefined && originUrl.host === host) || configured.has(originUrl.origin);
  };
};

export type Gateway = { io: Server; close: () => Promise<void> };

/**
 * The socket side of the API: for every event of the modules' tables it checks the session and the
 * permission, validates the payload against the contract, runs the use case and acknowledges
 * error-first, as SPEC §7 describes.
 */
export const createGateway = async (deps: {
  ctx: AppContext;
  httpServer: HttpServer;
  events: SocketEventTable;
  resolveActor: ResolveActor;
  warnAboutProxy?: (headers: IncomingHttpHeaders) => void;
  /** Told of every unexpected (INTERNAL) failure, with who met it when known (the log table). */
  onInternalError?: (error: unknown, actor: Actor | null, event: string) => void;
}): Promise<Gateway> => {
  const { ctx, events, resolveActor } = deps;
  /** An own property of the table, never an inherited name such as `toString` or `__proto__`. */
  const entryOf = (event: string) =>
    Object.hasOwn(events, event)
      ? (events[event as SocketEventName] as EventEntry<SocketEventName> | PublicEventEntry<SocketEventName>)
      : undefined;
  const isOriginAllowed = originCheck(ctx.config);
  const io = new Server(deps.httpServer, {
    serveClient: false,
    maxHttpBufferSize: 1_000_000,
    // Same-origin app; the dev server proxies. No CORS needed.
    cors: undefined,
    // A page on another site must not open a socket with the user's browser (cross-site WebSocket
    // hijacking); clients that are not browsers send no Origin and prove themselves by token.
    allowRequest: (request, callback) => {
      deps.warnAboutProxy?.(request.headers);
      callback(null, isOriginAllowed(request.headers));
    },
  });

  const redisClients: Array<{ quit: () => Promise<unknown> }> = [];
  if (ctx.config.redisUrl) {
    const publisher = createClient({ url: ctx.config.redisUrl });
    const subscriber = publisher.duplicate();
    for (const client of [publisher, subscriber]) {
      client.on('error', (error) => ctx.logger.error({ err: error }, 'redis connection error'));
    }
    await Promise.all([publisher.connect(), subscriber.connect()]);
    redisClients.push(publisher, subscriber);
    // The adapter's types predate redis v5's RESP generics; the clients are what it expects at runtime.
    io.adapter(createAdapter(publisher as never, subscriber as never));
  }

  /**
   * One event: the session, then the permission (the module's table), then the payload — in that
   * order, so an outsider gets NOT_AUTHORIZED before any validation, and a refused role learns nothing
   * more than which permission the action needs.
   */
  const dispatch = async (
    socket: Socket,
    event: SocketEventName,
    entry: EventEntry<SocketEventName> | PublicEventEntry<SocketEventName>,
    payload: unknown,
    ack: Acknowledge,
  ) => {
    let actor: Actor | null = null;
    try {
      const token = tokenOf(socket);
      const call: SocketCall = {
        sessionToken: token,
        address: addressOf(socket, ctx.config.trustProxy),
        userAgent: socket.handshake.headers['user-agent'],
        socket,
      };
      if (entry.access === PUBLIC) {
        const parsed = parseInput(SOCKET_EVENTS[event].input, payload);
        if (!parsed.success) throw parsed.error;
        ack(
          null,
          await (entry as PublicEventEntry<SocketEventName>).useCase(ctx, parsed.data as never, call),
        );
        return;
      }
      // Checked on every event, so a revoked token or a changed role applies at once.
      actor = token ? await resolveActor(token) : null;
      if (!actor) {
        socket.emit(SERVER_PUSHES.notAuthorized);
        throw new AppError('NOT_AUTHORIZED', 'Not authorized');
      }
      if (!isAllowed(entry.access, actor.permissions)) throw refusedAction(event, entry.access);
      const parsed = parseInput(SOCKET_EVENTS[event].input, payload);
      if (!parsed.success) throw parsed.error;
      const result = await (entry as EventEntry<SocketEventName>).useCase(
        ctx,
        actor,
        parsed.data as never,
        call,
      );
      ack(null, toAck(result));
    } catch (error) {
      if (isInternal(error)) {
        ctx.logger.error({ err: error, event }, 'socket event failed');
        deps.onInternalError?.(error, actor, event);
      }
      ack(toErrorPayload(error));
    }
  };

  io.on('connection', async (socket) => {
    socket.onAny((event: string, ...args: unknown[]) => {
      // error-first acknowledgement is the last argument; a payload-less emit passes only the ack
      const ack = args.at(-1);
      if (typeof ack !== 'function') return;
      const payload = args.length > 1 ? args[0] : undefined;
      const entry = entryOf(event);
      if (!entry) {
        ack(new AppError('NOT_FOUND', 'Unknown event').toPayload());
        return;
      }
      void dispatch(socket, event as SocketEventName, entry, payload, ack as Acknowledge);
    });
    socket.emit(SERVER_PUSHES.build, { buildId: ctx.buildId, version: ctx.version });
    const token = tokenOf(socket);
    if (!token) return;
    const actor = await resolveActor(token).catch(() => null);
    if (actor) {
      await joinSessionRooms(socket, token, actor);
      // A logout (or deactivation) between the look-up and the join pushed to rooms this socket was
      // not in yet: looked up again once it is in them, the session is either still live (and any
      // later push reaches it) or told here.
      if (await resolveActor(token).catch(() => null)) return;
      await joinSessionRooms(socket, token, null);
    }
    socket.emit(SERVER_PUSHES.notAuthorized);
  });

  return {
    io,
    close: async () => {
      // Only this instance's clients: with the Redis adapter a plain disconnect reaches every instance.
      io.local.disconnectSockets(true);
      // The HTTP server belongs to Fastify, which closes it; here only the engine stops.
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
};
