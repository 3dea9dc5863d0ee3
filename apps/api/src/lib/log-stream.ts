/**
 * Standard output for the server's log lines, written together every `FLUSH_MS` or once `FLUSH_BYTES` wait, instead
 * of once per line (decisions 1102, 1465): under load every request logs a line, and a system call for each (or for
 * each turn of the event loop, which under load holds about one request) cost more than the request's own work.
 * Lines still waiting when the process exits (an uncaught error, a signal handled by the server) are written before
 * it ends.
 */
export const FLUSH_MS = 50;
const FLUSH_BYTES = 64 * 1024;

export function batchedStdout(out: { write: (text: string) => unknown } = process.stdout): {
  write: (line: string) => void;
} {
  let pending: string[] = [];
  let pendingBytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    pendingBytes = 0;
    // Synchronous for files and pipes on Linux, as pino's own standard output is.
    out.write(text);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      pending.push(line);
      pendingBytes += line.length;
      if (pendingBytes >= FLUSH_BYTES) flush();
      // Unreferenced: a process with nothing else to do ends, and writes what waits as it exits.
      else timer ??= setTimeout(flush, FLUSH_MS).unref();
    },
  };
}

let stdout: ReturnType<typeof batchedStdout> | undefined;
/** The process's one batched standard output, shared by every app it builds. */
export const sharedBatchedStdout = () => {
  stdout ??= batchedStdout();
  return stdout;
};
