import { Agent } from 'node:http';
import { parseArgs } from 'node:util';
import {
  type ErrorPayload,
  type LoginResult,
  type SocketEventInput,
  type SocketEventName,
  socketResultOf,
} from '@karm/domain/contract';
import { memberships, users } from '@karm/server/modules/auth/auth.tables';
import { hashPassword } from '@karm/server/platform/auth/passwords';
import type { Database } from '@karm/server/platform/db/client';
import { inArray } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { getJson } from './http-get';
import { type Figures, figuresOf, mebibytes, printFigures, printRatio } from './measure';
import { withSeededServer } from './seeded-server';

/**
 * `npm run seed` first (with or without `--projects`; same DATA_DIR or DATABASE_URL), then
 * `npm run bench -- load [--users N] [--calls N] [--time-limit S]`: N staff sign in at the same
 * moment, each on a socket of their own, then each makes a mix of list calls. The baseline, in the
 * same run, is one signed-in socket making the same calls one after another with nothing else going
 * on; the ratio per call kind is what the crowd costs each of them. Figures are printed, never
 * asserted, and the run stops at the time limit with what it has.
 */
const { values: options } = parseArgs({
  args: process.argv.slice(2),
  options: { users: { type: 'string' }, calls: { type: 'string' }, 'time-limit': { type: 'string' } },
  strict: false,
  allowPositionals: true,
});
const wholeNumber = (label: string, raw: unknown, fallback: number) => {
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${label} must be a whole number of at least 1`);
  return value;
};
const USERS = wholeNumber('--users / BENCH_USERS', options.users ?? process.env.BENCH_USERS, 200);
const CALLS_PER_SOCKET = wholeNumber('--calls / BENCH_CALLS', options.calls ?? process.env.BENCH_CALLS, 12);
const TIME_LIMIT_MS =
  wholeNumber(
    '--time-limit / BENCH_TIME_LIMIT_S',
    options['time-limit'] ?? process.env.BENCH_TIME_LIMIT_S,
    300,
  ) * 1000;
/** How often the lone socket makes each call kind for the baseline. */
const ALONE_CALLS_PER_KIND = 30;
/** Sign-ins made one at a time before the crowd's, as their baseline. */
const ALONE_SIGN_INS = 3;
const PASSWORD = 'bench-load-password';
const USERNAME_PREFIX = 'bench-load-';

const SOCKET_CALLS = {
  'projects:filter_new': { who: 'alle', status: 'active' },
  'customer:get': {},
  'inquiries:get': {},
  'search:global': { term: 'bygg', limitPerKind: 5 },
} satisfies { [E in SocketEventName]?: SocketEventInput<E> };
const REST_CALLS = ['/api/offers', '/api/offer-statuses'] as const;
type SocketCall = keyof typeof SOCKET_CALLS;
type CallKind = SocketCall | `GET ${(typeof REST_CALLS)[number]}`;
const CALL_KINDS: CallKind[] = [
  ...(Object.keys(SOCKET_CALLS) as SocketCall[]),
  ...REST_CALLS.map((route) => `GET ${route}` as const),
];

/** What one call took, and its error code if it failed. */
type Outcome = { ms: number; code: string | null };
/** A sign-in until it succeeded or was given up, over all its attempts. */
type SignIn = Outcome & { attempts: Outcome[] };

/** The error's code; a refused sign-in also says why, as "server busy" and "throttled" share one. */
const codeOf = (error: unknown) => {
  const payload = error as Partial<ErrorPayload> | null;
  if (!payload?.code) return error instanceof Error ? error.name : 'UNKNOWN';
  return payload.code === 'RATE_LIMITED' ? `${payload.code} (${payload.message})` : payload.code;
};

const timed = async (call: () => Promise<string | null>): Promise<Outcome> => {
  const started = performance.now();
  const code = await call().catch(codeOf);
  return { ms: performance.now() - started, code };
};

/** A busy server says when to try again; longer than this is a lock-out, not worth waiting for. */
const MAX_RETRY_WAIT_SECONDS = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A browser of its own: a socket and the REST token. Every bench user comes from its own address
 * (TRUST_PROXY with X-Forwarded-For), as staff at their own machines do, so the per-address sign-in
 * throttle and the REST rate limit see each of them apart; a fresh range each run keeps earlier
 * runs' sign-ins from counting against this one's.
 */
type BenchBrowser = {
  signIn: (username: string, isOverdue: () => boolean) => Promise<SignIn>;
  call: (kind: CallKind) => Promise<Outcome>;
  signOut: () => Promise<unknown>;
  warmUp: () => Promise<void>;
  disconnect: () => void;
};

const RUN_OCTET = Math.floor(Math.random() * 256);
const addressOf = (index: number) => `10.${RUN_OCTET}.${(index >> 8) & 255}.${index & 255}`;

const openBrowser = async (url: string, address: string): Promise<BenchBrowser> => {
  const http = new Agent({ keepAlive: true, maxSockets: 1 });
  const socket: Socket = io(url, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { 'x-forwarded-for': address },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // Karm's acks are (error, result): resolves with the result, rejects with the error payload.
  const emit = (event: string, input: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      socket.emit(event, input, (error: unknown, result: unknown) =>
        error ? reject(error) : resolve(socketResultOf(result)),
      );
    });
  let token = '';
  let retryAfterSeconds: number | undefined;
  const attempt = (username: string) =>
    timed(async () => {
      retryAfterSeconds = undefined;
      try {
        token = ((await emit('authenticate', { username, password: PASSWORD })) as LoginResult).accessToken;
        return null;
      } catch (error) {
        const { code, details } = error as Partial<ErrorPayload> & {
          details?: { retryAfterSeconds?: number };
        };
        if (code === 'RATE_LIMITED') retryAfterSeconds = details?.retryAfterSeconds;
        throw error;
      }
    });
  return {
    // Like a person told "server busy, try again": waits the advertised time (±50 %, so the crowd
    // does not come back all at once) and tries again, until signed in, locked out or out of time.
    signIn: async (username, isOverdue) => {
      const started = performance.now();
      const attempts: Outcome[] = [];
      for (;;) {
        const outcome = await attempt(username);
        attempts.push(outcome);
        const wait = retryAfterSeconds;
        if (outcome.code === null || wait === undefined || wait > MAX_RETRY_WAIT_SECONDS || isOverdue()) {
          return { ms: performance.now() - started, code: outcome.code, attempts };
        }
        await sleep(wait * 1000 * (0.5 + Math.random()));
      }
    },
    call: (kind) =>
      timed(async () => {
        if (!kind.startsWith('GET ')) {
          await emit(kind, SOCKET_CALLS[kind as SocketCall]);
          return null;
        }
        const response = await getJson(`${url}${kind.slice(4)}`, { token, 'x-forwarded-for': address }, http);
        const body = response.body as Partial<ErrorPayload>;
        return response.status < 400 ? null : (body.code ?? `HTTP ${response.status}`);
      }),
    signOut: () => (token ? timed(() => emit('user:logout', {}).then(() => null)) : Promise.resolve()),
    // The page itself came over HTTP: its connection is open before the first call is measured.
    warmUp: () => getJson(`${url}/api/health`, { 'x-forwarded-for': address }, http).then(() => undefined),
    disconnect: () => {
      socket.close();
      http.destroy();
    },
  };
};

/** The bench users, made once in the signed-in company and kept for later runs. */
const ensureBenchUsers = async (db: Database, companyId: string, count: number): Promise<string[]> => {
  const usernames = Array.from(
    { length: count },
    (_, index) => `${USERNAME_PREFIX}${String(index).padStart(4, '0')}`,
  );
  const existing = new Set(
    (await db.select({ username: users.username }).from(users).where(inArray(users.username, usernames))).map(
      (row) => row.username,
    ),
  );
  const missing = usernames.filter((username) => !existing.has(username));
  if (missing.length === 0) return usernames;
  // Every bench user has the same password and the same stored hash, made once: seedUser would
  // hash it again for each user (own salt, ~0.3 s of scrypt each), a minute for 200 accounts on
  // two cores. One salt for all only matters to someone holding the table, and these are bench
  // accounts; each sign-in still pays a full scrypt, which is what the bench measures.
  const passwordHash = await hashPassword(PASSWORD, { waitWhenBusy: true });
  await db.transaction(async (tx) => {
    const made = await tx
      .insert(users)
      .values(
        missing.map((username) => ({
          username,
          email: null,
          passwordHash,
          firstName: 'Bench',
          lastName: username,
        })),
      )
      .returning({ id: users.id });
    await tx.insert(memberships).values(made.map(({ id }) => ({ userId: id, companyId, role: 'office' })));
  });
  return usernames;
};

const byKind = (samples: { kind: CallKind; outcome: Outcome }[]) =>
  new Map(
    CALL_KINDS.map((kind) => [
      kind,
      figuresOf(samples.filter((sample) => sample.kind === kind).map((sample) => sample.outcome.ms)),
    ]),
  );

const countCodes = (outcomes: Outcome[]) => {
  const counts: Record<string, number> = {};
  for (const { code } of outcomes) if (code) counts[code] = (counts[code] ?? 0) + 1;
  return Object.keys(counts).length === 0 ? 'none' : JSON.stringify(counts);
};

export const run = async () => {
  const deadline = Date.now() + TIME_LIMIT_MS;
  const isOverdue = () => Date.now() >= deadline;
  /** Waits for `work` until the time limit; answers whether it finished. */
  const withinTimeLimit = async (work: Promise<unknown>) => {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
    });
    const finished = await Promise.race([work.then(() => true as const), expired]);
    clearTimeout(timer);
    return finished;
  };

  await withSeededServer(
    async ({ ctx, actor, url }) => {
      const seedingStarted = performance.now();
      const usernames = await ensureBenchUsers(ctx.db, actor.companyId, USERS);
      console.log(
        `database: ${ctx.database.kind}, users: ${USERS}, calls per socket: ${CALLS_PER_SOCKET}, ` +
          `time limit: ${TIME_LIMIT_MS / 1000} s, bench users ready in ${((performance.now() - seedingStarted) / 1000).toFixed(1)} s`,
      );
      console.log(
        'The server runs in this process: memory is the process RSS, server and all clients together.',
      );
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 200);
      const browsers: BenchBrowser[] = [];
      const report: string[] = [];
      try {
        // Baseline sign-ins: one at a time, each from a socket of its own; the last one stays for
        // the lone socket's calls.
        const aloneSignIns: SignIn[] = [];
        let alone: BenchBrowser | undefined;
        for (let index = 0; index < ALONE_SIGN_INS; index++) {
          alone = await openBrowser(url, addressOf(USERS + index));
          browsers.push(alone);
          aloneSignIns.push(await alone.signIn(usernames[index % USERS] as string, isOverdue));
        }

        const crowd = await Promise.all(usernames.map((_, index) => openBrowser(url, addressOf(index))));
        browsers.push(...crowd);
        const signIns: (SignIn | undefined)[] = new Array(USERS);
        const signInStarted = performance.now();
        const isSignInDone = await withinTimeLimit(
          Promise.all(
            crowd.map(async (browser, index) => {
              signIns[index] = await browser.signIn(usernames[index] as string, isOverdue);
            }),
          ),
        );
        const signInWall = performance.now() - signInStarted;
        const finished = signIns.filter((signIn): signIn is SignIn => signIn !== undefined);
        const succeeded = finished.filter((signIn) => signIn.code === null);
        const attempts = finished.flatMap((signIn) => signIn.attempts);
        const aloneSignInFigures = figuresOf(aloneSignIns.map((signIn) => signIn.ms));
        const crowdSignIn = figuresOf(succeeded.map((signIn) => signIn.ms));
        printFigures('sign-in alone (authenticate, one at a time)', aloneSignInFigures);
        printFigures(`sign-in, ${USERS} at once, until signed in`, crowdSignIn);
        printRatio('sign-in at once / alone', crowdSignIn, aloneSignInFigures);
        console.log(
          `sign-in wall time for all ${USERS}: ${(signInWall / 1000).toFixed(2)} s, ${succeeded.length} signed in` +
            (isSignInDone ? '' : ` (time limit reached: ${finished.length} of ${USERS} finished)`) +
            `; ${attempts.length} attempts (${finished.filter((signIn) => signIn.attempts[0]?.code !== null).length} first attempts refused, ` +
            `at most ${Math.max(0, ...finished.map((signIn) => signIn.attempts.length))} by one user)`,
        );
        printFigures(
          'one sign-in attempt, answered or refused',
          figuresOf(attempts.map((attempt) => attempt.ms)),
        );
        report.push(
          `errors in sign-in attempts: ${countCodes([...aloneSignIns.flatMap((signIn) => signIn.attempts), ...attempts])}`,
        );
        report.push(`sign-ins given up: ${countCodes(finished)}`);
        if (!isSignInDone || !alone) return;

        // The lone socket: a short warm-up, then each kind in turn with nothing else going on.
        for (const kind of CALL_KINDS) await alone.call(kind);
        const aloneSamples: { kind: CallKind; outcome: Outcome }[] = [];
        for (let round = 0; round < ALONE_CALLS_PER_KIND && !isOverdue(); round++) {
          for (const kind of CALL_KINDS) aloneSamples.push({ kind, outcome: await alone.call(kind) });
        }

        // The crowd: every signed-in socket at once, each starting the mix at a different kind.
        const signedIn = crowd.filter((_, index) => signIns[index]?.code === null);
        await Promise.all([alone, ...signedIn].map((browser) => browser.warmUp()));
        const crowdSamples: { kind: CallKind; outcome: Outcome }[] = [];
        const loadStarted = performance.now();
        const isLoadDone = await withinTimeLimit(
          Promise.all(
            signedIn.map(async (browser, index) => {
              for (let call = 0; call < CALLS_PER_SOCKET && !isOverdue(); call++) {
                const kind = CALL_KINDS[(index + call) % CALL_KINDS.length] as CallKind;
                crowdSamples.push({ kind, outcome: await browser.call(kind) });
              }
            }),
          ),
        );
        const loadWall = performance.now() - loadStarted;

        console.log(
          `mixed calls: ${crowdSamples.length} by ${signedIn.length} sockets at once in ${(loadWall / 1000).toFixed(2)} s = ` +
            `${(crowdSamples.length / (loadWall / 1000)).toFixed(1)} calls/s` +
            (isLoadDone
              ? ''
              : ` (time limit reached: ${crowdSamples.length} of ${signedIn.length * CALLS_PER_SOCKET} finished)`),
        );
        const crowdFigures = byKind(crowdSamples);
        const aloneFigures = byKind(aloneSamples);
        for (const kind of CALL_KINDS) {
          const together = crowdFigures.get(kind) as Figures;
          const apart = aloneFigures.get(kind) as Figures;
          printFigures(`${kind} — ${signedIn.length} sockets at once`, together);
          printFigures(`${kind} — one socket alone (baseline)`, apart);
          printRatio(`${kind} — at once / alone`, together, apart);
        }
        report.push(`errors in the lone socket's calls: ${countCodes(aloneSamples.map((s) => s.outcome))}`);
        report.push(`errors in the mixed calls: ${countCodes(crowdSamples.map((s) => s.outcome))}`);
      } finally {
        clearInterval(sampler);
        const rssAfter = process.memoryUsage().rss;
        for (const line of report) console.log(line);
        console.log(
          `memory (rss): before ${mebibytes(rssBefore)}, after ${mebibytes(rssAfter)}, peak ${mebibytes(Math.max(rssPeak, rssAfter))}`,
        );
        // Signing out keeps repeated runs from piling up sessions; an overdue run just disconnects.
        await withinTimeLimit(Promise.all(browsers.map((browser) => browser.signOut())));
        for (const browser of browsers) browser.disconnect();
      }
    },
    { TRUST_PROXY: 'true' },
  );
};
