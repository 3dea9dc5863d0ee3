/**
 * The uploading browser's part, in a process of its own as on a real network: sends one file by tus and prints
 * the seconds from the first byte to the server's last answer. Arguments: endpoint, file, headers as JSON.
 */
import { createReadStream, statSync } from 'node:fs';
import * as tus from 'tus-js-client';

const [endpoint, file, headersJson, chunkMb] = process.argv.slice(2);
const started = performance.now();
new tus.Upload(createReadStream(file!), {
  endpoint: endpoint!,
  uploadSize: statSync(file!).size,
  chunkSize: Number(chunkMb) > 0 ? Number(chunkMb) * 1024 * 1024 : Number.POSITIVE_INFINITY,
  retryDelays: [],
  headers: JSON.parse(headersJson!),
  onError: (err) => {
    console.error(err.message);
    process.exit(1);
  },
  onSuccess: () => {
    console.log(((performance.now() - started) / 1000).toFixed(4));
  },
}).start();
