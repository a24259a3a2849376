/** Latency figures of repeated calls: percentiles in milliseconds. */
export type Figures = { count: number; p50: number; p95: number; max: number; mean: number };

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;

/** The figures of durations already taken (in milliseconds, any order). */
export const figuresOf = (durations: readonly number[]): Figures => {
  const sorted = [...durations].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted.at(-1) ?? 0,
    mean: sorted.length === 0 ? 0 : sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
  };
};

export const measure = async (count: number, call: () => Promise<unknown>): Promise<Figures> => {
  // A short warm-up lets JIT and connection pools settle before anything is counted.
  for (let index = 0; index < Math.min(20, count); index++) await call();
  const durations: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await call();
    durations.push(performance.now() - started);
  }
  return figuresOf(durations);
};

/**
 * Two ways of doing the same thing, measured call by call in turn, so both see the same machine: on
 * a machine busy with other work, measuring one after the other gives one of them the quiet minute.
 * The order swaps every turn (a b, b a, a b …): a turn's two calls often read the same rows, and the
 * first of them pays for bringing those rows into the database's cache.
 *
 * Each timed call ends with one turn of the event loop (`setImmediate`), on both sides. A use case
 * called in process on PGlite can finish without the loop ever turning (its answers come through
 * promises only): the timers and I/O that came due meanwhile — socket.io's heartbeats, the server's
 * after-response work, the rate limit's clean-up — then ran inside the next call that waited for I/O,
 * always the REST or socket side, and made its p95 (measured on the quality bench: REST / SQL at p95
 * 1.36–1.94 without the turn, 1.05–1.29 with it, p50 unchanged).
 */
export const measureAlternately = async (
  count: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[Figures, Figures]> => {
  for (let index = 0; index < Math.min(20, count); index++) {
    await a();
    await b();
  }
  const durations: [number[], number[]] = [[], []];
  const sides = [a, b] as const;
  for (let index = 0; index < count; index++) {
    const order = index % 2 === 0 ? [0, 1] : [1, 0];
    for (const side of order) {
      const started = performance.now();
      await sides[side]?.();
      await new Promise((resolve) => setImmediate(resolve));
      durations[side]?.push(performance.now() - started);
    }
  }
  return [figuresOf(durations[0]), figuresOf(durations[1])];
};

export const printFigures = (label: string, figures: Figures) =>
  console.log(
    `${label.padEnd(60)} n=${figures.count}  p50=${figures.p50.toFixed(3)} ms  p95=${figures.p95.toFixed(3)} ms  max=${figures.max.toFixed(3)} ms  mean=${figures.mean.toFixed(3)} ms`,
  );

export const printRatio = (label: string, measured: Figures, baseline: Figures) =>
  console.log(
    `${label.padEnd(60)} p50 ratio=${(measured.p50 / baseline.p50).toFixed(2)}  p95 ratio=${(measured.p95 / baseline.p95).toFixed(2)}`,
  );

export const mebibytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

export const printMemory = () => {
  const { rss, heapUsed } = process.memoryUsage();
  console.log(`memory: rss=${mebibytes(rss)}  heapUsed=${mebibytes(heapUsed)}`);
};
