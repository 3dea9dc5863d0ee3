import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { sendProblem } from './errors.ts';
import { sendVariants, type Variants } from './precompressed.ts';

const defaultDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

// Paths that only ever answer data: a browser asking for HTML here still gets a problem, not the app.
const dataOnlyPrefixes = ['/api/', '/docs', '/dev/', '/health', '/ready'];

const wantsHtml = (request: FastifyRequest) =>
  request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');

// Hashed file names change with their content, so a browser may keep them for good; every other file
// (index.html, favicon) is checked with the server before use, so a new release is seen at once.
const immutable = 'public, max-age=31536000, immutable';

function readPage(file: string): Variants | null {
  if (!existsSync(file)) return null;
  const variant = (extension: string) => (existsSync(file + extension) ? readFileSync(file + extension) : undefined);
  return { identity: readFileSync(file), br: variant('.br'), gzip: variant('.gz') };
}

/** index.html in the best encoding the browser accepts, from the variants written at build time. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: Variants) {
  reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  return sendVariants(request, reply, page);
}

/**
 * Serves the built web app; any other page a browser asks for gets index.html so the client router decides.
 * Text files go out as the brotli or gzip variants the build wrote beside them (`file.br`, `file.gz`).
 */
export async function registerWebApp(app: FastifyInstance, config: Pick<Config, 'WEB_DIST'>) {
  const dist = path.resolve(config.WEB_DIST ?? defaultDist);
  const page = readPage(path.join(dist, 'index.html'));

  if (page) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? immutable : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (page && wantsHtml(request) && !dataOnlyPrefixes.some((p) => url.startsWith(p))) {
      return sendPage(request, reply, page);
    }
    return sendProblem(reply, { code: 'not_found', detail: `No route for ${request.method} ${url}` });
  });
}
