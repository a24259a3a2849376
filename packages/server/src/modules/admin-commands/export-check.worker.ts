// The export check's worker thread (see `checkCompanyExportInWorker`).
import { serveWorkerTask } from '../../platform/workers/worker-task';
import { checkCompanyExport } from './export-check';

await serveWorkerTask(checkCompanyExport);
