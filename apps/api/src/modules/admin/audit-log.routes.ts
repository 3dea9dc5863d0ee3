import { auditLogEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../http/route.ts';

/** The audit log viewer's calls: a page of rows, and the same filter as CSV. */
export const auditLogRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { auditLog }) => {
  route(app, auditLogEndpoints.list, ({ actor, query, ctx }) => auditLog.list(actor, query, ctx));
  route(app, auditLogEndpoints.export, ({ actor, query, ctx }) => auditLog.export(actor, query, ctx));
};
