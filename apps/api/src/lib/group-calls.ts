/**
 * Runs calls in groups: while one group is at work, new calls wait, and the next group takes all of them (up to
 * `maxGroup`). Alone, a call runs at once; under load, many calls share one database round trip and one commit.
 * A group that fails is tried again call by call, so one call's bad input cannot fail the others.
 */
export function groupCalls<In, Out>(
  runGroup: (inputs: In[]) => Promise<Out[]>,
  { maxGroup = 200 }: { maxGroup?: number } = {},
): (input: In) => Promise<Out> {
  type Waiting = { input: In; resolve: (out: Out) => void; reject: (err: unknown) => void };
  let waiting: Waiting[] = [];
  let busy = false;

  async function run(group: Waiting[]) {
    let outs: Out[];
    try {
      outs = await runGroup(group.map((w) => w.input));
    } catch (err) {
      if (group.length === 1) group[0]!.reject(err);
      else for (const w of group) await run([w]);
      return;
    }
    for (const [i, w] of group.entries()) w.resolve(outs[i]!);
  }

  async function drain() {
    busy = true;
    while (waiting.length > 0) {
      const group = waiting.slice(0, maxGroup);
      waiting = waiting.slice(group.length);
      await run(group);
    }
    busy = false;
  }

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (!busy) void drain();
    });
}
