/**
 * Standard output for the server's log lines, written once per turn of the event loop instead of once per line
 * (decision 1102): under load every request logs a line, and a system call for each cost more than the request's
 * own work. Lines still waiting when the process exits (an uncaught error, a signal handled by the server) are
 * written before it ends.
 */
export function batchedStdout(out: { write: (text: string) => unknown } = process.stdout): {
  write: (line: string) => void;
} {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    // Synchronous for files and pipes on Linux, as pino's own standard output is.
    out.write(text);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      if (pending.push(line) === 1) setImmediate(flush);
    },
  };
}

let stdout: ReturnType<typeof batchedStdout> | undefined;
/** The process's one batched standard output, shared by every app it builds. */
export const sharedBatchedStdout = () => {
  stdout ??= batchedStdout();
  return stdout;
};
