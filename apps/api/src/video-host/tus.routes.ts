import { videoUploadHeaders } from '@rehabit/contract';
import { Server } from '@tus/server';
import type { Locker } from '@tus/utils';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { VideoHost } from './host.ts';
import { createRedisLocker } from './redis-locker.ts';

type Options = {
  host: VideoHost;
  corsOrigins: string[];
  /** With Redis, an upload's lock is shared by every node (decision 1455); without it, it is this process's. */
  redis?: { url: string; keyPrefix: string };
};

/**
 * tus 1.0 at /tus/: creation, HEAD for the offset, PATCH for bytes. Every request carries the signature headers
 * of decision 0200, checked before anything is stored. Downloads are not offered here (playback is signed).
 */
export const tusRoutes: FastifyPluginAsync<Options> = async (app, { host, corsOrigins, redis }) => {
  // Built on the first upload request, so an app that never uploads never creates the storage directory (nor
  // connects to Redis for its locks).
  let server: Server | undefined;
  let locks: ReturnType<typeof createRedisLocker> | undefined;
  const tus = () => {
    if (redis) locks ??= createRedisLocker(redis.url, redis.keyPrefix, app.log);
    server ??= createServer(host, corsOrigins, app.log, locks?.locker);
    return server;
  };
  app.addHook('onClose', async () => {
    await locks?.close();
  });

  // The body is the file: leave the request stream untouched for the tus server.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    await tus().handle(request.raw, reply.raw);
  };
  for (const url of ['/tus', '/tus/', '/tus/:id']) {
    app.route({ method: ['POST', 'HEAD', 'PATCH', 'OPTIONS'], url, handler, schema: { hide: true } });
  }
};

function createServer(host: VideoHost, corsOrigins: string[], log: FastifyBaseLogger, locker?: Locker) {
  return new Server({
    path: '/tus',
    ...(locker && { locker }),
    datastore: host.store(),
    maxSize: host.maxBytes,
    relativeLocation: true,
    allowedHeaders: Object.values(videoUploadHeaders),
    allowedOrigins: corsOrigins,
    namingFunction: (req) => req.headers.get('videoid') ?? '',
    onIncomingRequest: async (req, id) => {
      const refusal = await host.refusal(req.headers, id);
      if (refusal) throw refusal;
    },
    onUploadCreate: async (_req, upload) => {
      await host.started(upload.id, upload.size);
      return {};
    },
    onUploadFinish: async (_req, upload) => {
      await host.finished(upload.id, upload.size ?? upload.offset);
      return {};
    },
    // Refusals keep their answer; anything unexpected (a storage outage) is logged, not shown to the uploader.
    onResponseError: (_req, err) => {
      if ('status_code' in err && err.status_code < 500) return undefined;
      log.error({ err }, 'video upload failed');
      return { status_code: 500, body: 'The upload could not be stored. Try again later.\n' };
    },
  });
}
