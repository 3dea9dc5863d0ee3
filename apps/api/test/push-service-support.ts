import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ece from 'http_ece';

/** What a push service received: one POST of an encrypted notification. */
export type PushRequest = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** The push service's name: a test agent resolves it to this machine (the sender refuses local addresses). */
export const PUSH_HOST = 'push.test';

/** A certificate for the push service's name made for this run, so the push service speaks HTTPS as every real one does. */
function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-service-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${PUSH_HOST}`,
        '-addext',
        `subjectAltName=DNS:${PUSH_HOST}`,
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A push service on a port of this machine (RFC 8030): it keeps every notification it is sent and answers 201, or
 * 410 for the devices the test says are gone; to a device the test says stalls, it trickles its answer's head a byte
 * every 100 ms and never finishes it.
 */
export async function startPushService() {
  const { key, cert } = selfSignedCertificate();
  const received: PushRequest[] = [];
  const gone = new Set<string>();
  const stalls = new Set<string>();
  const server = createServer({ key, cert }, (req, res) => {
    if (stalls.has(req.url ?? '')) {
      const head = 'HTTP/1.1 201 Created\r\n';
      let sent = 0;
      // The status line, then header after header, a byte at a time: the answer is always under way, never done.
      const trickle = setInterval(() => {
        const line = sent < head.length ? head : 'X-Wait: 1\r\n';
        const at = sent < head.length ? sent : (sent - head.length) % line.length;
        req.socket.write(line[at]!);
        sent += 1;
      }, 100);
      req.socket.on('close', () => clearInterval(trickle));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(request);
      res.writeHead(gone.has(request.path) ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** An agent that reaches it by its name and trusts its certificate. */
    agent: new Agent({
      ca: cert,
      lookup: (_host, options, callback) =>
        options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4),
    }),
    origin: `https://${PUSH_HOST}:${port}`,
    port,
    received,
    gone,
    stalls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription to the push service: its own P-256 key pair and authentication secret (RFC 8291). */
export function newDevice(origin: string) {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const endpoint = `${origin}/push/${randomBytes(12).toString('hex')}`;
  return {
    ecdh,
    authSecret,
    path: new URL(endpoint).pathname,
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    },
  };
}

/** The notification as the browser reads it: decrypted with the device's private key and secret. */
export const decrypted = (device: ReturnType<typeof newDevice>, body: Buffer) =>
  JSON.parse(
    ece
      .decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.authSecret })
      .toString('utf8'),
  );

/**
 * The VAPID header's token (RFC 8292) checked as a push service does: signed with the server's public key (`k`),
 * for the push service's origin, not expired. Answers its claims.
 */
export function verifiedVapid(authorization: string, publicKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID authorization: ${authorization.slice(0, 20)}…`);
  const [, token, k] = match as unknown as [string, string, string];
  if (k !== publicKey) throw new Error('signed with another key');
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
}
