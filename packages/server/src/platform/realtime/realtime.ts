import type { Server } from 'socket.io';

export const companyRoom = (companyId: string) => `company:${companyId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const userRoom = (userId: string) => `user:${userId}`;
/**
 * One user's sessions in one company: what is addressed to a person as a member of a company (a
 * message) must not reach their sessions in another company they belong to.
 */
export const memberRoom = (companyId: string, userId: string) => `company:${companyId}:user:${userId}`;
/** Administrators of a company: pushes that carry admin-only detail (sync logs) go here. */
export const companyAdminsRoom = (companyId: string) => `company:${companyId}:admins`;

/**
 * How use cases push to clients after a committed change (DESIGN rule 7). It is handed out before
 * Socket.IO exists and attached once the server is up; before that, pushes go nowhere.
 */
export type Realtime = {
  attach: (io: Server) => void;
  toCompany: (companyId: string, event: string, payload?: unknown) => void;
  toCompanyAdmins: (companyId: string, event: string, payload?: unknown) => void;
  toSession: (sessionId: string, event: string, payload?: unknown) => void;
  toUser: (userId: string, event: string, payload?: unknown) => void;
  /** To a user's sessions in the company only. */
  toMember: (companyId: string, userId: string, event: string, payload?: unknown) => void;
  /**
   * Puts a session's open sockets into the company's administrators room, or takes them out, when
   * its role changes (on every instance, through the adapter).
   */
  setInAdminsRoom: (sessionId: string, companyId: string, isIn: boolean) => void;
};

export const createRealtime = (): Realtime => {
  let server: Server | undefined;
  const emit = (room: string, event: string, payload: unknown) => {
    server?.to(room).emit(event, payload);
  };
  return {
    attach: (io) => {
      server = io;
    },
    toCompany: (companyId, event, payload) => emit(companyRoom(companyId), event, payload),
    toCompanyAdmins: (companyId, event, payload) => emit(companyAdminsRoom(companyId), event, payload),
    toSession: (sessionId, event, payload) => emit(sessionRoom(sessionId), event, payload),
    toUser: (userId, event, payload) => emit(userRoom(userId), event, payload),
    toMember: (companyId, userId, event, payload) => emit(memberRoom(companyId, userId), event, payload),
    setInAdminsRoom: (sessionId, companyId, isIn) => {
      const sockets = server?.in(sessionRoom(sessionId));
      if (isIn) sockets?.socketsJoin(companyAdminsRoom(companyId));
      else sockets?.socketsLeave(companyAdminsRoom(companyId));
    },
  };
};
