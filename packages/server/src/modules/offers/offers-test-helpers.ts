import type { SignedInUser, TestServer } from '../../test/test-server';

/** REST calls as a signed-in user; answers status and parsed body. */
export const restClient = (server: TestServer, user: SignedInUser) => {
  const call = async <T = unknown>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { token: user.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json');
    return { status: response.status, body: (isJson && text ? JSON.parse(text) : text) as T, response };
  };
  return {
    get: <T = unknown>(path: string) => call<T>('GET', path),
    post: <T = unknown>(path: string, body: unknown = {}) => call<T>('POST', path, body),
    patch: <T = unknown>(path: string, body: unknown = {}) => call<T>('PATCH', path, body),
    put: <T = unknown>(path: string, body: unknown = {}) => call<T>('PUT', path, body),
    delete: <T = unknown>(path: string) => call<T>('DELETE', path),
  };
};
