import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { runWorkerTask } from './worker-task';

const COUNTING = new URL('./counting.test-worker.ts', import.meta.url);

describe('runWorkerTask', () => {
  it('runs the task in another thread, passing its progress and its result back', async () => {
    const steps: string[] = [];
    const result = await runWorkerTask<number, { counted: number; thread: number }>(
      COUNTING,
      3,
      (done, total) => steps.push(`${done}/${total}`),
    );
    expect(result.counted).toBe(3);
    expect(result.thread).not.toBe(threadId);
    expect(steps).toEqual(['1/3', '2/3', '3/3']);
  });

  it("rejects with the task's error", async () => {
    await expect(runWorkerTask(COUNTING, -1)).rejects.toThrow('cannot count to -1');
  });

  it('rejects when the worker cannot start', async () => {
    await expect(runWorkerTask(new URL('./missing.test-worker.ts', import.meta.url), 1)).rejects.toThrow();
  });
});
