import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One answer in each encoding it was written in: as is, and brotli and gzip when they exist. */
export type Variants = { identity: Buffer; br?: Buffer; gzip?: Buffer };

/** The encodings a request accepts, from its Accept-Encoding header (those given q=0 refused). */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Sends the best variant the client accepts: brotli, then gzip, then the answer as is. The compression plugin leaves
 * an answer alone once its Content-Encoding is set, so nothing is compressed twice. Vary keeps what it said already
 * (CORS's Origin), so a cache never hands one origin's answer to another.
 */
export function sendVariants(request: FastifyRequest, reply: FastifyReply, variants: Variants) {
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  const encoding =
    variants.br && accepted.has('br') ? 'br' : variants.gzip && accepted.has('gzip') ? 'gzip' : undefined;
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? variants[encoding] : variants.identity);
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A text that never changes while the server runs, compressed once, as hard as the build compresses its files. */
export async function compressOnce(text: string): Promise<Variants> {
  const identity = Buffer.from(text);
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzipped(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { identity, br, gzip: gz };
}
