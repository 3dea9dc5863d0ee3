import fp from 'fastify-plugin';
import { programTemplatesRoutes } from './program-templates.routes.ts';
import { createProgramTemplatesService } from './program-templates.service.ts';

/** Program templates, private or shared with the clinic, and the protocols shipped with the product. */
export const programTemplatesModule = fp(
  async (app) => {
    const { clock, audit } = app;
    const host = () => app.videoHost;
    await app.register(programTemplatesRoutes, {
      templates: createProgramTemplatesService({ clock, audit, host }),
    });
  },
  { name: 'program-templates', dependencies: ['core', 'video-host', 'hep'] },
);
