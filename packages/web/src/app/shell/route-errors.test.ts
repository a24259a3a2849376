import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadTimeoutError,
  isChunkLoadFailure,
  withChunkTimeout,
} from './route-errors';

describe('route errors', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up on a screen whose code has not arrived after SPEC §9’s 120 s', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const loading = withChunkTimeout(never);
    const outcome = expect(loading).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('passes code that arrives in time through, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    await expect(withChunkTimeout(Promise.resolve('screen'))).resolves.toBe('screen');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('knows a failed chunk in each browser’s words, and nothing else', () => {
    expect(isChunkLoadFailure(new ChunkLoadTimeoutError())).toBe(true);
    expect(
      isChunkLoadFailure(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js')),
    ).toBe(true);
    expect(isChunkLoadFailure(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadFailure(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadFailure(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });
});
