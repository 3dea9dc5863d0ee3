/**
 * CPU time of the processes that share this machine during a step, read from /proc: how much of a core each used
 * (100% = one core busy the whole window), and how busy the whole machine was. What the nodes, PostgreSQL, HAProxy,
 * Redis and the load client used tells what limits the capacity; "everything else" is other people's work.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second (`getconf CLK_TCK`): 100 on Linux for every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** User plus system time of a process, in ticks; 0 when it is gone. */
function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3 of the line, so utime (14) and stime (15) are at 11 and 12 here.
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The machine's busy and total ticks over all cores since boot. */
function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, v) => sum + v, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

/** Processes whose command name is `name` (e.g. `redis-server`), of any user. */
export function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/** A group of processes measured together; `pids` is asked again at the end, for processes that started meanwhile. */
export type Watched = { label: string; pids: () => number[] | Promise<number[]> };

export type CpuUse = { label: string; percentOfCore: number }[];

/** Starts measuring; the returned function ends the window and answers each group's use and the machine's. */
export async function startCpuWindow(groups: Watched[]): Promise<() => Promise<CpuUse>> {
  const started = performance.now();
  const machineBefore = machineTicks();
  const before = await Promise.all(
    groups.map(async (g) => new Map((await g.pids()).map((pid) => [pid, processTicks(pid)]))),
  );
  return async () => {
    const seconds = (performance.now() - started) / 1000;
    const machineAfter = machineTicks();
    const percent = (ticks: number) => Math.round((ticks / TICKS_PER_SECOND / seconds) * 100);
    const use: CpuUse = [];
    let measured = 0;
    for (const [i, group] of groups.entries()) {
      let ticks = 0;
      for (const pid of new Set([...before[i]!.keys(), ...(await group.pids())])) {
        // A process that started within the window counts from its start (its ticks before it are none).
        ticks += Math.max(0, processTicks(pid) - (before[i]!.get(pid) ?? 0));
      }
      measured += ticks;
      use.push({ label: group.label, percentOfCore: percent(ticks) });
    }
    const cores = (machineAfter.total - machineBefore.total) / TICKS_PER_SECOND / seconds;
    const busy = machineAfter.busy - machineBefore.busy;
    use.push({ label: 'everything else on the machine', percentOfCore: percent(Math.max(0, busy - measured)) });
    use.push({
      label: `whole machine (${Math.round(cores)} cores = ${Math.round(cores) * 100}%)`,
      percentOfCore: percent(busy),
    });
    return use;
  };
}
