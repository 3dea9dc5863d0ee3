import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

export type ProbeResult =
  | { kind: 'ok'; durationSeconds: number | null; hasPoster: boolean }
  | { kind: 'missing-tools' }
  | { kind: 'unreadable'; reason: string };

type Tools = { ffprobe: string; ffmpeg: string };

/** Runs a tool; an aborted `signal` ends it at once (the server is stopping), rejecting with the signal's reason. */
function run(file: string, args: string[], timeoutMs: number, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: timeoutMs, maxBuffer: 1024 * 1024, signal }, (err, stdout) =>
      signal.aborted ? reject(signal.reason) : err ? reject(err) : resolve(stdout),
    );
  });
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * Reads the duration with ffprobe and grabs a poster frame with ffmpeg. Without the tools the video is simply
 * served as uploaded; a file ffprobe cannot read is reported as unreadable. An aborted `signal` ends the tool
 * running and rejects: the video is left as it was, to be processed again at the next start.
 */
export async function probeVideo(
  tools: Tools,
  file: string,
  posterFile: string,
  signal: AbortSignal,
): Promise<ProbeResult> {
  let durationSeconds: number | null;
  try {
    const out = await run(
      tools.ffprobe,
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file],
      60_000,
      signal,
    );
    const value = Number.parseFloat(out.trim());
    durationSeconds = Number.isFinite(value) && value >= 0 ? Math.round(value * 100) / 100 : null;
  } catch (err) {
    signal.throwIfAborted();
    if (isMissing(err)) return { kind: 'missing-tools' };
    return { kind: 'unreadable', reason: 'The file could not be read as a video' };
  }
  // A frame a little into the clip shows the exercise rather than a black first frame.
  const at = durationSeconds ? Math.min(1, durationSeconds / 2) : 0;
  await mkdir(path.dirname(posterFile), { recursive: true });
  try {
    await run(
      tools.ffmpeg,
      [
        '-v',
        'error',
        '-y',
        '-ss',
        String(at),
        '-i',
        file,
        '-frames:v',
        '1',
        '-vf',
        'scale=640:-2',
        '-f',
        'image2',
        posterFile,
      ],
      120_000,
      signal,
    );
    return { kind: 'ok', durationSeconds, hasPoster: true };
  } catch {
    await rm(posterFile, { force: true });
    signal.throwIfAborted();
    return { kind: 'ok', durationSeconds, hasPoster: false };
  }
}

type Job = () => Promise<void>;

/**
 * One job at a time: processing is CPU-heavy and must not starve the API. A fresh upload, whose uploader is
 * waiting for it, goes before the backlog resumed at start-up (the demo library's clips, jobs cut short).
 */
export function createJobQueue(onError: (err: unknown) => void) {
  const fresh: Job[] = [];
  const backlog: Job[] = [];
  let running: Promise<void> | null = null;
  let isStopped = false;
  async function run() {
    for (let job = fresh.shift() ?? backlog.shift(); job; job = fresh.shift() ?? backlog.shift()) {
      try {
        await job();
      } catch (err) {
        onError(err);
      }
    }
    running = null;
  }
  return {
    push(job: Job, { backlog: later = false }: { backlog?: boolean } = {}) {
      if (isStopped) return;
      (later ? backlog : fresh).push(job);
      running ??= run();
    },
    /** Settles once every queued job has run. */
    drain: () => running ?? Promise.resolve(),
    /**
     * At a stop: the jobs still waiting are dropped (their videos stay in processing and run again at the next
     * start) and nothing new is taken; settles once the job at hand has ended.
     */
    stop() {
      isStopped = true;
      fresh.length = 0;
      backlog.length = 0;
      return running ?? Promise.resolve();
    },
  };
}
