import { adminEndpoints, announcementEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import { deliveryStatus } from '../../lib/delivery.ts';
import type { AnnouncementsService } from './announcements.service.ts';

/** The platform admin's view of how the portal is set up. */
export const adminRoutes: FastifyPluginAsyncZod<{ config: Config; announcements: AnnouncementsService }> = async (
  app,
  { config, announcements },
) => {
  route(app, adminEndpoints.deliveryStatus, () => deliveryStatus(config));
  route(app, announcementEndpoints.initialNote, ({ actor }) => announcements.initialNote(actor));
  route(app, announcementEndpoints.updateInitialNote, ({ actor, body, ctx }) =>
    announcements.updateInitialNote(actor, body.initial_note, ctx),
  );
};
