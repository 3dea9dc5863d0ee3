import { referralEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { ReferralService } from './referral.service.ts';

/** The referral program (decision 1010): invite a colleague by e-mail, and follow one's invitations. */
export const referralRoutes: FastifyPluginAsyncZod<{ referral: ReferralService }> = async (app, { referral }) => {
  route(app, referralEndpoints.sendEmail, ({ actor, body, ctx }) => referral.send(actor, body, ctx));
  route(app, referralEndpoints.list, ({ actor, query, ctx }) => referral.list(actor, query, ctx));
};
