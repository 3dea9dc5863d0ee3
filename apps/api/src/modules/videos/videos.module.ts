import fp from 'fastify-plugin';
import { createFoldersService } from './folders.service.ts';
import { createHepRequestsService } from './hep-requests.service.ts';
import { videosRoutes } from './videos.routes.ts';
import { createVideosService } from './videos.service.ts';

/** The exercise video library, its folders, and the queue of HEP requests (decision 1030). */
export const videosModule = fp(
  async (app) => {
    const { clock, audit } = app;
    const host = () => app.videoHost;
    await app.register(videosRoutes, {
      videos: createVideosService({ clock, audit, host }),
      folders: createFoldersService({ audit, host }),
      hepRequests: createHepRequestsService({ clock, audit, tasks: app.taskRules }),
    });
  },
  { name: 'videos', dependencies: ['core', 'video-host', 'tasks'] },
);
