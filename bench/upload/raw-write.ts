/**
 * The baseline's writer, in a process of its own as the server is: streams a file to a new file and prints the
 * seconds it took. Arguments: source, target.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

const [source, target] = process.argv.slice(2);
const started = performance.now();
await pipeline(createReadStream(source!), createWriteStream(target!));
console.log(((performance.now() - started) / 1000).toFixed(4));
