import { captionLanguageSchema } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { GUID_PATTERN, PLAYBACK_LINK_SECONDS, type VideoHost } from './host.ts';
import { parseRange } from './range.ts';

const querystring = z.object({ expires: z.coerce.number().int().positive(), sig: z.string().min(1).max(100) });
const params = z.object({ kind: z.enum(['play', 'poster']), guid: z.string().regex(GUID_PATTERN) });
const captionParams = z.object({ guid: z.string().regex(GUID_PATTERN), language: captionLanguageSchema });

/**
 * Signed playback: a `<video>` tag cannot send a bearer header, so the link itself is the short-lived permission.
 * Range requests let the browser seek and stream. A bad or expired link is the same 404 as a missing file.
 */
export const playbackRoutes: FastifyPluginAsyncZod<{ host: VideoHost }> = async (app, { host }) => {
  app.get('/video-host/:kind/:guid', { schema: { params, querystring, hide: true } }, async (request, reply) => {
    const { kind, guid } = request.params;
    if (!host.checkPlayback(kind, guid, request.query.expires, request.query.sig)) {
      throw new AppError('not_found', 'This video link is invalid or has expired');
    }
    const found = await host.file(kind, guid);
    if (!found) throw new AppError('not_found', 'No such video');
    reply
      .header('accept-ranges', 'bytes')
      .header('content-type', found.type)
      .header('cache-control', `private, max-age=${Math.min(PLAYBACK_LINK_SECONDS, 600)}`)
      .header('cross-origin-resource-policy', 'same-site');
    const range = parseRange(request.headers.range, found.size);
    if (range === null) {
      return reply.code(416).header('content-range', `bytes */${found.size}`).send();
    }
    if (range === undefined) {
      reply.header('content-length', found.size);
      return reply.send(request.method === 'HEAD' ? undefined : await found.read());
    }
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${found.size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(request.method === 'HEAD' ? undefined : await found.read(range));
  });

  // A caption track by its signed link (decision 1405): small WebVTT text, read whole from the video's record.
  app.get(
    '/video-host/captions/:guid/:language',
    { schema: { params: captionParams, querystring, hide: true } },
    async (request, reply) => {
      const { guid, language } = request.params;
      if (!host.checkPlayback(`captions.${language}`, guid, request.query.expires, request.query.sig)) {
        throw new AppError('not_found', 'This caption link is invalid or has expired');
      }
      const text = await host.captions(guid, language);
      if (text === null) throw new AppError('not_found', 'No such caption track');
      return reply
        .header('content-type', 'text/vtt; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('cross-origin-resource-policy', 'same-site')
        .send(text);
    },
  );
};
