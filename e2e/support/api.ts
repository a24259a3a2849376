import type { SocketEventInput, SocketEventName, SocketEventResult } from '@karm/domain/contract';
import { connectTestClient } from '@karm/server/test/test-client';
import { expect, type Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_PASSWORD } from './users';

/** A signed-in API session from Node: how journeys prepare or inspect state without the UI. */
export type ApiSession = {
  token: string;
  request: <E extends SocketEventName>(
    event: E,
    input?: SocketEventInput<E>,
  ) => Promise<SocketEventResult<E>>;
  close: () => void;
};

/**
 * Signs in over the socket, as the sign-in form would. `userAgent` is the browser's that will adopt
 * the session, so the profile's active sessions name that browser as they would after a real sign-in.
 */
export const apiSignIn = async (
  username: string,
  password: string,
  userAgent?: string,
): Promise<ApiSession> => {
  const client = await connectTestClient(E2E_BASE_URL, undefined, { userAgent });
  const { accessToken } = await client.request('authenticate', { username, password });
  return { token: accessToken, request: client.request, close: client.close };
};

/** Sets a journey user's language (their profile), so the next sign-in opens in it. */
export const setLocale = async (username: string, locale: 'en' | 'nb') => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  try {
    await session.request('user:update-profile', { locale });
  } finally {
    session.close();
  }
};

/** POSTs to Karm's REST API with the page's session token; fails the journey on an error answer. */
export const postJson = async <T>(page: Page, token: string, url: string, data: unknown): Promise<T> => {
  const response = await page.request.post(url, { headers: { token }, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
};
