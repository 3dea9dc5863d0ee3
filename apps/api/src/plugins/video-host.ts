import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { failureLevel } from '../lib/database-unavailable.ts';
import { createVideoCatalog } from '../modules/videos/videos.service.ts';
import { createVideoHost, type VideoHost } from '../video-host/host.ts';
import { playbackRoutes } from '../video-host/playback.routes.ts';
import { videoStorageFromConfig } from '../video-host/storage.ts';
import { tusRoutes } from '../video-host/tus.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in video host (decision 0200): the videos' and programs' services sign its URLs. */
    videoHost: VideoHost;
  }
}

/**
 * The video host with its tus uploads and signed playback, and its lifecycle: processing cut short by a restart
 * runs again, stale uploads are cleared hourly, and closing ends the job at hand (decision 1250).
 */
export const videoHostPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, clock, db, audit } = app;
    const videoHost = createVideoHost({
      storage: videoStorageFromConfig(config),
      secret: config.VIDEO_SIGNING_SECRET,
      maxBytes: config.VIDEO_UPLOAD_MAX_BYTES,
      uploadUrl: config.VIDEO_UPLOAD_URL,
      tools: { ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH },
      clock,
      catalog: createVideoCatalog(db, audit),
      log: app.log,
    });
    app.decorate('videoHost', videoHost);
    await app.register(tusRoutes, {
      host: videoHost,
      corsOrigins: config.CORS_ORIGINS,
      redis: config.REDIS_URL ? { url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX } : undefined,
    });
    await app.register(playbackRoutes, { host: videoHost });
    app.addHook(
      'onReady',
      async () =>
        void videoHost
          .resumeProcessing()
          .catch((err) => app.log[failureLevel(err)]({ err }, 'video processing could not resume')),
    );
    // Hourly, unfinished uploads past their credentials' lifetime are cleared (the timer never holds the process).
    const expiry = setInterval(
      () =>
        void videoHost
          .expireStaleUploads()
          .catch((err) => app.log[failureLevel(err)]({ err }, 'stale uploads not cleared')),
      60 * 60 * 1000,
    ).unref();
    app.addHook('onClose', async () => {
      clearInterval(expiry);
      await videoHost.close();
    });
  },
  { name: 'video-host', dependencies: ['core'] },
);
