import type { SocketEventInput, SocketEventName, SocketEventResult } from '@karm/domain/contract';
import { QueryClient } from '@tanstack/react-query';
import type { Mock } from 'vitest';
import { ApiError } from '@/lib/http';
import type { request } from '@/lib/socket';

/**
 * Helpers for tests that mock `@/lib/socket` (each test file calls vi.mock itself, since it is
 * hoisted per file) and hand the mocked `request` to these.
 */
type Handlers = {
  [E in SocketEventName]?: (
    input: SocketEventInput<E>,
  ) => SocketEventResult<E> | Promise<SocketEventResult<E>>;
};

/** Makes the mocked `request` answer the listed events; any other event fails with NOT_FOUND. */
export const answer = (requestMock: Mock<typeof request>, handlers: Handlers) =>
  requestMock.mockImplementation((async (event: SocketEventName, input: unknown) => {
    const handler = handlers[event] as ((input: unknown) => unknown) | undefined;
    if (!handler) throw new ApiError({ code: 'NOT_FOUND', message: `No mock for ${event}` });
    return handler(input);
  }) as typeof request);

/** The events the mocked `request` was called with, in order. */
export const eventsOf = (requestMock: Mock<typeof request>) => requestMock.mock.calls.map(([event]) => event);

/** The inputs the mocked `request` was called with for one event, in order. */
export const inputsOf = <E extends SocketEventName>(requestMock: Mock<typeof request>, event: E) =>
  requestMock.mock.calls.filter(([name]) => name === event).map(([, input]) => input as SocketEventInput<E>);

/** A query client for one test: no retries, and data stays until a push or a mutation changes it. */
export const createTestQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
