import { isAccountingError } from './errors';
import type { HttpClient, HttpRequest, QueryValue } from './http-client';
import type { SessionManager } from './session';

type Query = Record<string, QueryValue>;

/** Calls made with the session: HTTP Basic with the current token, and recovery from a lost session. */
export type ApiClient = {
  get: (path: string, query?: Query) => Promise<unknown>;
  post: (path: string, body: unknown, query?: Query) => Promise<unknown>;
  put: (path: string, body: unknown, query?: Query) => Promise<unknown>;
  /** A PUT with a `multipart/form-data` body (an upload). */
  putForm: (path: string, form: FormData) => Promise<unknown>;
};

export const createApiClient = (http: HttpClient, session: SessionManager): ApiClient => {
  const call = async (request: Omit<HttpRequest, 'sessionToken'>) => {
    const token = await session.token();
    try {
      return await http.send({ ...request, sessionToken: token });
    } catch (error) {
      // A 401 on a session we believed alive means Tripletex dropped it (ended elsewhere, expired early):
      // one fresh session and one more try. A 401 means nothing was applied, so even a POST may be resent.
      if (!(isAccountingError(error) && error.details?.status === 401)) throw error;
      session.invalidate(token);
      return http.send({ ...request, sessionToken: await session.token() });
    }
  };
  return {
    get: (path, query) => call({ method: 'GET', path, query }),
    post: (path, body, query) => call({ method: 'POST', path, body, query }),
    put: (path, body, query) => call({ method: 'PUT', path, body, query }),
    putForm: (path, form) => call({ method: 'PUT', path, form }),
  };
};
