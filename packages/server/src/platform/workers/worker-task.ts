import { parentPort, Worker, workerData } from 'node:worker_threads';

/** What a worker task posts to the thread that started it. */
type WorkerMessage<Result> =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'result'; result: Result }
  | { kind: 'error'; message: string };

/**
 * Runs `entry` — a `*.worker.ts` module that calls `serveWorkerTask` — in a worker thread of its own,
 * for work that would hold the event loop for seconds (an in-memory PGlite runs its queries on the
 * thread that opened it). `entry` is the `x.worker.ts` file's URL, made from `import.meta.url` in
 * the module that starts it: from the sources the worker runs through tsx (`typescript-worker.mjs`); the build
 * bundles each such entry beside the server bundle as `x.worker.js`, and the bundle starts that.
 * The worker ends with the task; its progress reaches `onProgress`.
 */
export const runWorkerTask = <Input, Result>(
  entry: URL,
  input: Input,
  onProgress: (done: number, total: number) => void = () => {},
) =>
  new Promise<Result>((resolve, reject) => {
    const fromSources = import.meta.url.endsWith('.ts');
    const worker = fromSources
      ? new Worker(new URL('./typescript-worker.mjs', import.meta.url), {
          workerData: { entry: entry.href, input },
        })
      : new Worker(new URL(entry.href.replace(/\.ts$/, '.js')), { workerData: { input } });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      void worker.terminate();
    };
    worker.on('message', (message: WorkerMessage<Result>) => {
      if (message.kind === 'progress') onProgress(message.done, message.total);
      else if (message.kind === 'result') settle(() => resolve(message.result));
      else settle(() => reject(new Error(message.message)));
    });
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', () => settle(() => reject(new Error(`${entry.pathname} stopped without an answer`))));
  });

/**
 * The worker's side: runs the task on the input `runWorkerTask` gave and posts its progress and its
 * result (or its error's message) back.
 */
export const serveWorkerTask = async <Input, Result>(
  task: (input: Input, progress: (done: number, total: number) => void) => Promise<Result>,
) => {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerTask runs only in a worker thread');
  const post = (message: WorkerMessage<Result>) => port.postMessage(message);
  try {
    const result = await task((workerData as { input: Input }).input, (done, total) =>
      post({ kind: 'progress', done, total }),
    );
    post({ kind: 'result', result });
  } catch (error) {
    post({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
