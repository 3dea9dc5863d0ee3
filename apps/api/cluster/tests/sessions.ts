/**
 * What guards sign-in holds across nodes (decision 1455): a session is one session on every node, its end on one is
 * its end on all at once, and the rate limits and sign-in limits count every node's requests together, so the proxy's
 * round-robin does not double them.
 */
import { expect, it } from 'vitest';
import { makeClinic, makeUser, PASSWORD } from '../../test/factories.ts';
import { call, RATE_LIMIT, signIn, type TestCluster } from './support.ts';

const me = '/api/v1/users/';

export function sessionCases(t: () => TestCluster) {
  it('keeps one session on every node, and ends it on every node at the sign-out', async () => {
    const { cluster, database } = t();
    const [node1, node2] = cluster.nodes;
    const user = await makeUser(database.database.db, (await makeClinic(database.database.db)).id);
    const person = await signIn(cluster.url, user);

    // Each node reads the session, and keeps it for a moment (the session cache).
    for (const node of [node1!, node2!])
      expect((await call(node.url, 'GET', me, { token: person.token })).status).toBe(200);

    const out = await call(node1!.url, 'POST', '/clinic/therapist/logout', { token: person.token });
    expect(out.status, out.text).toBe(204);
    // Told through Redis, within moments: well inside the two seconds node2's cache would otherwise keep it.
    await expect
      .poll(async () => (await call(node2!.url, 'GET', me, { token: person.token })).status, {
        message: 'node2 still accepted the token signed out on node1',
        timeout: 1000,
        interval: 20,
      })
      .toBe(401);
    expect((await call(cluster.url, 'GET', me, { token: person.token })).status).toBe(401);
  });

  it('counts a rate limit over both nodes together', async () => {
    const { cluster } = t();
    const nodes = new Set<string | null>();
    for (let i = 0; i < RATE_LIMIT; i++) {
      const res = await call(cluster.url, 'GET', '/clinic/check_code?code=ABCD12');
      expect(res.status, `request ${i + 1}: ${res.text}`).toBe(200);
      nodes.add(res.node);
    }
    expect([...nodes].sort(), 'the proxy spread the requests').toEqual(['node1', 'node2']);
    // One past the limit is refused, on whichever node it reaches (each alone has seen only half).
    for (let i = 0; i < 2; i++) {
      const refused = await call(cluster.url, 'GET', '/clinic/check_code?code=ABCD12');
      expect(refused.status, refused.text).toBe(429);
      expect(refused.json().code).toBe('rate_limited');
    }
  });

  it('counts failed sign-ins over both nodes, so the wait they earn holds on every node', async () => {
    const { cluster, database } = t();
    const user = await makeUser(database.database.db, (await makeClinic(database.database.db)).id);
    const nodes = new Set<string | null>();
    // The free failures of one account from one address (decision 1295), spread over the nodes.
    for (let i = 0; i < 3; i++) {
      const res = await call(cluster.url, 'POST', '/clinic/therapist/signin', {
        body: { email: user.email, password: `wrong-password-${i}` },
      });
      expect(res.status, res.text).toBe(401);
      nodes.add(res.node);
    }
    expect([...nodes].sort()).toEqual(['node1', 'node2']);
    // Now even the right password waits, on each node.
    for (const node of cluster.nodes) {
      const refused = await call(node.url, 'POST', '/clinic/therapist/signin', {
        body: { email: user.email, password: PASSWORD },
      });
      expect(refused.status, `${node.name}: ${refused.text}`).toBe(429);
    }
  });
}
