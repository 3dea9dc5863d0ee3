import { execFileSync } from 'node:child_process';

/**
 * Holds every UDP packet on the loopback interface (where two browsers of one machine send each other their media)
 * to `kbit` per second in all, with the kernel's traffic control, until the returned function lifts it. The pages,
 * the API and the socket go over TCP and keep their speed. Needs root (CI runs as root); elsewhere it answers null.
 */
export function slowMediaNetwork(kbit: number): (() => void) | null {
  const tc = (...args: string[]) => execFileSync('tc', args, { stdio: 'pipe' });
  const lift = () => {
    try {
      tc('qdisc', 'del', 'dev', 'lo', 'root');
    } catch {
      // Nothing was added (or it is gone already).
    }
  };
  lift();
  try {
    tc('qdisc', 'add', 'dev', 'lo', 'root', 'handle', '1:', 'htb', 'default', '10', 'r2q', '100000');
    tc('class', 'add', 'dev', 'lo', 'parent', '1:', 'classid', '1:10', 'htb', 'rate', '10gbit');
    tc(
      'class',
      'add',
      'dev',
      'lo',
      'parent',
      '1:',
      'classid',
      '1:20',
      'htb',
      'rate',
      `${kbit}kbit`,
      'ceil',
      `${kbit}kbit`,
    );
    for (const [protocol, match, prio] of [
      ['ip', 'ip', '1'],
      ['ipv6', 'ip6', '2'],
    ] as const) {
      tc(
        'filter',
        'add',
        'dev',
        'lo',
        'parent',
        '1:',
        'protocol',
        protocol,
        'prio',
        prio,
        'u32',
        'match',
        match,
        'protocol',
        '17',
        '0xff',
        'flowid',
        '1:20',
      );
    }
  } catch (error) {
    lift();
    if (process.env.CI) throw error;
    return null;
  }
  return lift;
}
