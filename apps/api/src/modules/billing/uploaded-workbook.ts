/**
 * Reading an uploaded billing workbook away from the event loop, within hard limits (decision 1275). A zip of a few
 * hundred kilobytes can inflate to hundreds of megabytes; read in the server's own thread, one such upload held
 * every other request for seconds. A worker thread inflates and parses it instead, and is stopped at the limits.
 */
import { Worker } from 'node:worker_threads';

/** What an XLSX of the 5 MB upload limit inflates to with room to spare (a workbook is XML: ten to one is usual). */
export const WORKBOOK_MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** An XLSX has a few dozen parts; thousands of entries are an archive built to exhaust the reader. */
const WORKBOOK_MAX_ENTRIES = 1000;
/** A workbook within the limits is read in a few seconds; longer is a file built to hold the reader. */
const READ_TIMEOUT_MS = 30_000;
/** The worker's own heap: parsing 64 MB of XML fits, and a file that does not is refused, not the server's memory. */
const WORKER_HEAP_MB = 768;

export type WorkbookVerdict = 'ok' | 'not_a_workbook' | 'too_large' | 'too_slow';

const workerFile = new URL('./uploaded-workbook.worker.mjs', import.meta.url);

function readInWorker(bytes: Uint8Array): Promise<WorkbookVerdict> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, {
      workerData: { bytes, limits: { entries: WORKBOOK_MAX_ENTRIES, inflatedBytes: WORKBOOK_MAX_INFLATED_BYTES } },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    const settle = (verdict: WorkbookVerdict) => {
      clearTimeout(timer);
      resolve(verdict);
    };
    const timer = setTimeout(() => {
      settle('too_slow');
      void worker.terminate();
    }, READ_TIMEOUT_MS);
    worker.once('message', settle);
    worker.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') return settle('too_large');
      clearTimeout(timer);
      reject(error);
    });
  });
}

// One workbook is read at a time: two admins uploading at once wait in turn rather than each holding a worker's heap.
let queue: Promise<unknown> = Promise.resolve();

/** Whether the bytes are a workbook a spreadsheet can open, read in a worker within the limits above. */
export function readUploadedWorkbook(bytes: Uint8Array): Promise<WorkbookVerdict> {
  const verdict = queue.then(() => readInWorker(bytes));
  queue = verdict.catch(() => undefined);
  return verdict;
}
