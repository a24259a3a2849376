// A worker for worker-task.test.ts: counts to its input, reporting each step, and fails on a negative.
import { serveWorkerTask } from './worker-task';

await serveWorkerTask(async (upTo: number, progress) => {
  if (upTo < 0) throw new Error(`cannot count to ${upTo}`);
  for (let done = 1; done <= upTo; done += 1) progress(done, upTo);
  return { counted: upTo, thread: (await import('node:worker_threads')).threadId };
});
