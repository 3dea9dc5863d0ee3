import { isDatabaseUnavailable } from './database-unavailable.ts';

/**
 * Runs calls in groups: while one group is at work, new calls wait, and the next group takes all of them (up to
 * `maxGroup`). Alone, a call runs at once; under load, many calls share one database round trip and one commit.
 * Groups run one after another, in the order their calls came. A group that fails is tried again call by call, so
 * one call's bad input cannot fail the others; but a lost database is no call's fault: then every call of the group
 * fails with it at once (answered 503), none is tried again alone. Trying again would only wait for the database
 * once per call, and a group whose commit went through with its answer lost would be written a second time.
 */
export function groupCalls<In, Out>(
  runGroup: (inputs: In[]) => Promise<Out[]>,
  { maxGroup = 200 }: { maxGroup?: number } = {},
): (input: In) => Promise<Out> {
  type Waiting = { input: In; resolve: (out: Out) => void; reject: (err: unknown) => void };
  let waiting: Waiting[] = [];
  let busy = false;

  /** Runs a group and answers how to hand its outcome to its callers. */
  async function settle(group: Waiting[]): Promise<() => void> {
    try {
      const outs = await runGroup(group.map((w) => w.input));
      return () => {
        for (const [i, w] of group.entries()) w.resolve(outs[i]!);
      };
    } catch (err) {
      if (group.length === 1 || isDatabaseUnavailable(err)) {
        return () => {
          for (const w of group) w.reject(err);
        };
      }
      const handOuts: (() => void)[] = [];
      for (const w of group) handOuts.push(await settle([w]));
      return () => {
        for (const handOut of handOuts) handOut();
      };
    }
  }

  async function drain() {
    busy = true;
    let handOut: (() => void) | undefined;
    while (waiting.length > 0) {
      const group = waiting.slice(0, maxGroup);
      waiting = waiting.slice(group.length);
      const next = settle(group);
      // The previous group's callers go on (pushing their messages, say) once this group's work is under way.
      if (handOut) setImmediate(handOut);
      handOut = await next;
    }
    busy = false;
    handOut?.();
  }

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (!busy) void drain();
    });
}
