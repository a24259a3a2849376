/** SPEC §9: a screen's code that has not arrived after this long is given up on. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The route guard could not ask the server about the session (offline, or no answer in time). */
export class ServerUnreachableError extends Error {
  constructor() {
    super('The server cannot be reached');
    this.name = 'ServerUnreachableError';
  }
}

/** A screen's code did not arrive within CHUNK_LOAD_TIMEOUT_MS. */
export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`A part of the app did not load within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** What Chromium, Firefox and Safari say when a dynamic import or its styles cannot be fetched. */
const CHUNK_FAILURES = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

/** Whether an error means a screen's code could not be loaded (a new build replaced it, or the network). */
export const isChunkLoadFailure = (error: unknown) =>
  error instanceof ChunkLoadTimeoutError ||
  (error instanceof Error && CHUNK_FAILURES.some((pattern) => pattern.test(error.message)));

/** Loads a screen's code, or fails with ChunkLoadTimeoutError once SPEC §9's time is up. */
export const withChunkTimeout = <T>(load: Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), timeoutMs);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
};
