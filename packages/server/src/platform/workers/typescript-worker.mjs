// The first module of a worker thread started from the TypeScript sources (tests, `npm run dev`):
// Node runs no TypeScript by itself, and a worker does not inherit the parent's loader, so tsx
// imports the worker's real entry. The production bundle starts its built workers directly.
import { workerData } from 'node:worker_threads';

const { tsImport } = await import('tsx/esm/api');
await tsImport(workerData.entry, import.meta.url);
