import fp from 'fastify-plugin';
import { bannersRoutes } from './banners.routes.ts';
import { createBannersService } from './banners.service.ts';

/** The patient dashboard's banners and their snoozes (decision 0900). */
export const bannersModule = fp(
  async (app) => {
    const { clock, audit } = app;
    await app.register(bannersRoutes, { banners: createBannersService({ clock, audit }) });
  },
  { name: 'banners', dependencies: ['core'] },
);
