import {
  createTripletexAdapter,
  type TripletexAdapterOptions,
} from '../../integrations/accounting/tripletex/tripletex-adapter';
import { assertConforming } from './contract-check';
import { FAKE_TRIPLETEX_TOKENS, type FakeTripletexOptions, startFakeTripletex } from './fake-tripletex';

/** A clock both the adapter and the fake read, so "today" agrees on both sides of the wire. */
export const createMovableClock = (start: Date) => {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set: (date: Date) => {
      now = date.getTime();
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
};

/**
 * The Tripletex adapter wired to a fresh fake over real HTTP. Waits between retries are recorded and
 * skipped (real time-outs still take real time); warnings are captured to check what gets logged.
 */
export const startTripletexHarness = async (
  options: {
    adapter?: Partial<TripletexAdapterOptions>;
    fake?: FakeTripletexOptions;
    start?: Date;
    /**
     * On close, every request and answer is checked against Tripletex's OpenAPI document
     * (contract-check.ts) and closing fails on a breach; off for tests that send broken requests on purpose.
     */
    checkContract?: boolean;
  } = {},
) => {
  const clock = createMovableClock(options.start ?? new Date('2025-03-10T10:00:00Z'));
  const fake = await startFakeTripletex({ clock, ...options.fake });
  const sleeps: number[] = [];
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  const adapter = createTripletexAdapter({
    baseUrl: fake.url,
    ...FAKE_TRIPLETEX_TOKENS,
    clock,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    logger: { warn: (obj, msg) => warnings.push({ obj, msg }) },
    ...options.adapter,
  });
  /** The recorded requests to a path (relative to /v2), optionally of one method. */
  const requestsTo = (path: string | RegExp, method?: string) =>
    fake.state.requests.filter(
      (r) =>
        (typeof path === 'string' ? r.path === path : path.test(r.path)) && (!method || r.method === method),
    );
  return {
    fake,
    adapter,
    clock,
    sleeps,
    warnings,
    requestsTo,
    close: async () => {
      fake.setDown(false);
      await adapter.close();
      await fake.close();
      if (options.checkContract !== false) assertConforming(fake.state.requests);
    },
  };
};

export type TripletexHarness = Awaited<ReturnType<typeof startTripletexHarness>>;
