/**
 * `npm run bench -- <name>`: runs bench/<name>.bench.ts, which prints its figures and the ratio
 * against a baseline measured in the same run. Timings are printed, never asserted.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';

const available = (await readdir(import.meta.dirname))
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace('.bench.ts', ''));
// Names are the words that are neither an option (`--users 50`, `--users=50`) nor an option's value.
const requested = process.argv
  .slice(2)
  .filter((arg, index, args) => !arg.startsWith('-') && !/^--[^=]+$/.test(args[index - 1] ?? ''));
const names = requested.length > 0 ? requested : available;
for (const name of names) {
  if (!available.includes(name)) {
    console.error(`No benchmark "${name}". Available: ${available.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== ${name} ==`);
  const module = (await import(path.join(import.meta.dirname, `${name}.bench.ts`))) as {
    run: () => Promise<void>;
  };
  await module.run();
}
process.exit(0);
