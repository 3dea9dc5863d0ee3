/**
 * A video upload through the proxy whose node is killed in the middle of it (decision 1455): the tus client asks
 * the proxy where the upload stands, which the node left reads from the bucket, sends the rest there, and the bucket
 * ends with the file as it was, byte for byte.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as tus from 'tus-js-client';
import { expect, it } from 'vitest';
import { makeBigFile, sha256, tempDir, tusHeadersOf, type UploadCredentials } from '../../test/videos-support.ts';
import { NODE_HEADER } from '../haproxy.ts';
import { call, clinicWithPatient, type TestCluster } from './support.ts';

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export function uploadCases(t: () => TestCluster) {
  it('resumes an upload on the other node when its node is killed mid-upload, and stores the same bytes', async () => {
    const { cluster, s3 } = t();
    const { therapist } = await clinicWithPatient(t());
    const created = await call(cluster.url, 'POST', '/video/create_by_therapist', {
      token: therapist.token,
      body: { title: 'Uploaded through the proxy' },
    });
    expect(created.status, created.text).toBe(201);
    const credentials = created.json() as UploadCredentials;
    const file = makeBigFile(tempDir(), 24);
    const bytes = readFileSync(file);

    // Only node1 is sent new requests until it is killed: the upload's bytes are on their way to it then.
    await cluster.setAdminState('node2', 'drain');
    const answeredBy: { method: string; node: string | null }[] = [];
    let killing: Promise<void> | undefined;
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(bytes, {
        endpoint: `${cluster.url}/tus/`,
        headers: tusHeadersOf(credentials),
        uploadSize: bytes.length,
        retryDelays: [100, 250, 500, 1000, 2000],
        onProgress: (sent) => {
          if (killing || sent < bytes.length * 0.4) return;
          killing = cluster.setAdminState('node2', 'ready').then(() => cluster.kill('node1'));
        },
        onAfterResponse: (request, response) => {
          answeredBy.push({ method: request.getMethod(), node: response.getHeader(NODE_HEADER) ?? null });
        },
        onError: reject,
        onSuccess: () => resolve(),
      });
      upload.start();
    });
    await killing;

    expect(killing, 'the node was killed before the upload ended').toBeDefined();
    expect(answeredBy[0], 'the upload began on node1').toEqual({ method: 'POST', node: 'node1' });
    expect(
      answeredBy.filter((answer) => answer.method === 'PATCH' && answer.node === 'node2').length,
      `the rest was sent to node2 (answers: ${JSON.stringify(answeredBy)})`,
    ).toBeGreaterThan(0);
    expect(sha256Of(await s3.get(credentials.video_id))).toBe(sha256(file));
  });
}
