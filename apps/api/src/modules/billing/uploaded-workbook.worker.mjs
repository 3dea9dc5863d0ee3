// Reads an uploaded billing workbook in a worker thread (decision 1275), so neither its inflating nor its parsing
// holds the server's event loop. Plain JavaScript: Node runs it as it is, from the sources and beside the bundle alike.
// Receives { bytes, limits } as workerData and posts one verdict: 'ok', 'not_a_workbook' or 'too_large'.
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';

class TooLarge extends Error {}

/**
 * Refuses the archive before it is inflated when its directory declares too many entries or too many bytes, then
 * inflates every entry counting what actually comes out: an archive lying about its sizes stops at the limit
 * (yauzl also refuses an entry whose output differs from its declared size).
 */
async function checkSizes(bytes, limits) {
  const zip = await yauzl.fromBufferPromise(bytes, { validateEntrySizes: true });
  if (zip.entryCount > limits.entries) throw new TooLarge();
  const entries = [];
  for await (const entry of zip.eachEntry()) entries.push(entry);
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > limits.inflatedBytes) throw new TooLarge();
  let inflated = 0;
  for (const entry of entries) {
    const stream = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream) {
      inflated += chunk.length;
      if (inflated > limits.inflatedBytes) {
        stream.destroy();
        throw new TooLarge();
      }
    }
  }
}

async function verdictOf({ bytes, limits }) {
  const buffer = Buffer.from(bytes);
  try {
    await checkSizes(buffer, limits);
  } catch (error) {
    return error instanceof TooLarge ? 'too_large' : 'not_a_workbook';
  }
  try {
    await new ExcelJS.Workbook().xlsx.load(buffer);
    return 'ok';
  } catch {
    return 'not_a_workbook';
  }
}

parentPort.postMessage(await verdictOf(workerData));
