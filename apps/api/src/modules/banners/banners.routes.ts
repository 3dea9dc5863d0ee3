import { bannerEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { BannersService } from './banners.service.ts';

/** The patient dashboard's banners and each staff member's 7-day snoozes of them (decision 0900). */
export const bannersRoutes: FastifyPluginAsyncZod<{ banners: BannersService }> = async (app, { banners }) => {
  route(app, bannerEndpoints.snoozes, ({ actor, params, ctx }) => banners.ofPatient(actor, params.patientId, ctx));
  route(app, bannerEndpoints.snooze, ({ actor, params, ctx }) =>
    banners.snooze(actor, params.patientId, params.banner, ctx),
  );
};
