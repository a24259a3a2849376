import { parseArgs } from 'node:util';
import type { ErrorPayload, LoginResult, SocketEventInput, SocketEventName } from '@karm/domain/contract';
import { users } from '@karm/server/modules/auth/auth.tables';
import type { Database } from '@karm/server/platform/db/client';
import { seedUser } from '@karm/server/seed/factories';
import { inArray } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
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

const codeOf = (error: unknown) =>
  (error as Partial<ErrorPayload> | null)?.code ?? (error instanceof Error ? error.name : 'UNKNOWN');

const timed = async (call: () => Promise<string | null>): Promise<Outcome> => {
  const started = performance.now();
  const code = await call().catch(codeOf);
  return { ms: performance.now() - started, code };
};

/**
 * A browser of its own: a socket and the REST token. Every bench user comes from its own address
 * (TRUST_PROXY with X-Forwarded-For), as staff at their own machines do, so the per-address sign-in
 * throttle and the REST rate limit see each of them apart; a fresh range each run keeps earlier
 * runs' sign-ins from counting against this one's.
 */
type BenchBrowser = {
  signIn: (username: string) => Promise<Outcome>;
  call: (kind: CallKind) => Promise<Outcome>;
  signOut: () => Promise<unknown>;
  disconnect: () => void;
};

const RUN_OCTET = Math.floor(Math.random() * 256);
const addressOf = (index: number) => `10.${RUN_OCTET}.${(index >> 8) & 255}.${index & 255}`;

const openBrowser = async (url: string, address: string): Promise<BenchBrowser> => {
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
        error ? reject(error) : resolve(result),
      );
    });
  let token = '';
  return {
    signIn: (username) =>
      timed(async () => {
        token = ((await emit('authenticate', { username, password: PASSWORD })) as LoginResult).accessToken;
        return null;
      }),
    call: (kind) =>
      timed(async () => {
        if (!kind.startsWith('GET ')) {
          await emit(kind, SOCKET_CALLS[kind as SocketCall]);
          return null;
        }
        const response = await fetch(`${url}${kind.slice(4)}`, {
          headers: { token, 'x-forwarded-for': address },
        });
        const body = (await response.json()) as Partial<ErrorPayload>;
        return response.ok ? null : (body.code ?? `HTTP ${response.status}`);
      }),
    signOut: () => (token ? timed(() => emit('user:logout', {}).then(() => null)) : Promise.resolve()),
    disconnect: () => socket.close(),
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
  // Every bench user has the same password. seedUser hashes each distinct password once per
  // process, so the whole crowd shares one scrypt hash (with one salt) and making 200 accounts
  // costs one hash instead of 200 — the per-user salts of real accounts only matter to an attacker
  // holding the table, not to what a sign-in costs. The sign-ins still each pay a full scrypt.
  await db.transaction(async (tx) => {
    for (const [index, username] of usernames.entries()) {
      if (existing.has(username)) continue;
      await seedUser(tx, {
        companyIds: [companyId],
        username,
        password: PASSWORD,
        firstName: 'Bench',
        lastName: `Load ${index}`,
      });
    }
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
        const aloneSignIns: Outcome[] = [];
        let alone: BenchBrowser | undefined;
        for (let index = 0; index < ALONE_SIGN_INS; index++) {
          alone = await openBrowser(url, addressOf(USERS + index));
          browsers.push(alone);
          aloneSignIns.push(await alone.signIn(usernames[index % USERS] as string));
        }

        const crowd = await Promise.all(usernames.map((_, index) => openBrowser(url, addressOf(index))));
        browsers.push(...crowd);
        const signIns: (Outcome | undefined)[] = new Array(USERS);
        const signInStarted = performance.now();
        const isSignInDone = await withinTimeLimit(
          Promise.all(
            crowd.map(async (browser, index) => {
              signIns[index] = await browser.signIn(usernames[index] as string);
            }),
          ),
        );
        const signInWall = performance.now() - signInStarted;
        const finishedSignIns = signIns.filter((outcome): outcome is Outcome => outcome !== undefined);
        printFigures('sign-in alone (authenticate, one at a time)', figuresOf(aloneSignIns.map((o) => o.ms)));
        const crowdSignIn = figuresOf(finishedSignIns.map((outcome) => outcome.ms));
        printFigures(`sign-in, ${USERS} at once`, crowdSignIn);
        printRatio('sign-in at once / alone', crowdSignIn, figuresOf(aloneSignIns.map((o) => o.ms)));
        console.log(
          `sign-in wall time for all ${USERS}: ${(signInWall / 1000).toFixed(2)} s` +
            (isSignInDone ? '' : ` (time limit reached: ${finishedSignIns.length} of ${USERS} finished)`),
        );
        report.push(`errors at sign-in: ${countCodes([...aloneSignIns, ...finishedSignIns])}`);
        if (!isSignInDone || !alone) return;

        // The lone socket: a short warm-up, then each kind in turn with nothing else going on.
        for (const kind of CALL_KINDS) await alone.call(kind);
        const aloneSamples: { kind: CallKind; outcome: Outcome }[] = [];
        for (let round = 0; round < ALONE_CALLS_PER_KIND && !isOverdue(); round++) {
          for (const kind of CALL_KINDS) aloneSamples.push({ kind, outcome: await alone.call(kind) });
        }

        // The crowd: every signed-in socket at once, each starting the mix at a different kind.
        const signedIn = crowd.filter((_, index) => signIns[index]?.code === null);
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
