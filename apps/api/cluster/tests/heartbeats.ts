/**
 * Monitoring heart-beats spread over the nodes (decision 1455): a session is a row every node reads and moves, so
 * beats alternating between nodes count what the same beats count on one node, to the second.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { patients } from '../../src/db/schema.ts';
import { call, clinicWithPatient, type Person, type TestCluster } from './support.ts';

const context = 'MONITORING_CODE_PATIENT_DASHBOARD';

export function heartbeatCases(t: () => TestCluster) {
  /** A therapist monitoring an onboarded patient of theirs, the session started on node1. */
  async function monitoring() {
    const { cluster, database } = t();
    const { therapist, patientId } = await clinicWithPatient(t());
    await database.database.db.update(patients).set({ status: 'onboarded' }).where(eq(patients.id, patientId));
    const started = await call(cluster.nodes[0]!.url, 'POST', '/user/therapist/monitoring', {
      token: therapist.token,
      body: { user_id: patientId, context },
    });
    expect(started.status, started.text).toBe(201);
    return { therapist, id: started.json().id as number };
  }

  async function beat(url: string, person: Person, id: number, elapsed: number, end = false) {
    const res = await call(url, 'PUT', `/user/therapist/dashboard/monitoring/${id}`, {
      token: person.token,
      body: { elapsed_seconds: elapsed, context, ...(end ? { end_reason: 'left' } : {}) },
    });
    expect(res.status, res.text).toBe(200);
    return res.json() as { seconds: number; is_ended: boolean };
  }

  it('counts the same seconds when the beats alternate between the nodes as on one node', async () => {
    const { cluster } = t();
    const [node1, node2] = cluster.nodes.map((node) => node.url);
    const one = await monitoring();
    const both = await monitoring();
    // The server counts no more seconds than have passed by its own clock: the beats below claim at most 2.
    await new Promise((resolve) => setTimeout(resolve, 2_100));

    // The same beats, the first session's all on node1, the second's on node1, node2, node1, node2.
    const claims = [1, 2, 1, 2];
    const counted = { one: [] as number[], both: [] as number[] };
    for (const [i, elapsed] of claims.entries()) {
      counted.one.push((await beat(node1!, one.therapist, one.id, elapsed)).seconds);
      counted.both.push((await beat(i % 2 === 0 ? node1! : node2!, both.therapist, both.id, elapsed)).seconds);
    }
    const endOne = await beat(node1!, one.therapist, one.id, 2, true);
    const endBoth = await beat(node2!, both.therapist, both.id, 2, true);

    expect(counted.one).toEqual([1, 2, 2, 2]);
    expect(counted.both).toEqual(counted.one);
    expect(endOne).toMatchObject({ seconds: 2, is_ended: true });
    expect(endBoth).toMatchObject({ seconds: 2, is_ended: true });
  });
}
