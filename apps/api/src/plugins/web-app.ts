import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { sendProblem } from './errors.ts';

const defaultDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

// Paths that only ever answer data: a browser asking for HTML here still gets a problem, not the app.
const dataOnlyPrefixes = ['/api/', '/docs', '/dev/', '/health', '/ready'];

const wantsHtml = (request: FastifyRequest) =>
  request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');

/** Serves the built web app; any other page a browser asks for gets index.html so the client router decides. */
export async function registerWebApp(app: FastifyInstance, config: Pick<Config, 'WEB_DIST'>) {
  const dist = path.resolve(config.WEB_DIST ?? defaultDist);
  const indexFile = path.join(dist, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (indexHtml && wantsHtml(request) && !dataOnlyPrefixes.some((p) => url.startsWith(p))) {
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return sendProblem(reply, { code: 'not_found', detail: `No route for ${request.method} ${url}` });
  });
}
