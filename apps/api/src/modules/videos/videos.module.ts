import fp from 'fastify-plugin';
import { createCaptionsService } from './captions.service.ts';
import { createFoldersService } from './folders.service.ts';
import { createHepRequestsService } from './hep-requests.service.ts';
import { videosRoutes } from './videos.routes.ts';
import { createVideosService } from './videos.service.ts';

/** The exercise video library, its folders and caption tracks (decision 1405), and the queue of HEP requests (decision 1030). */
export const videosModule = fp(
  async (app) => {
    const { clock, audit } = app;
    const host = () => app.videoHost;
    await app.register(videosRoutes, {
      videos: createVideosService({ clock, audit, host }),
      folders: createFoldersService({ audit, host }),
      hepRequests: createHepRequestsService({ clock, audit, tasks: app.taskRules }),
      captions: createCaptionsService({ clock, audit }),
    });
  },
  { name: 'videos', dependencies: ['core', 'video-host', 'tasks'] },
);
