import { auditLogEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { AuditLogService } from './audit-log.service.ts';

/** The audit log viewer's calls: a page of rows, and the same filter as CSV. */
export const auditLogRoutes: FastifyPluginAsyncZod<{ auditLog: AuditLogService }> = async (app, { auditLog }) => {
  route(app, auditLogEndpoints.list, ({ actor, query, ctx }) => auditLog.list(actor, query, ctx));
  route(app, auditLogEndpoints.export, ({ actor, query, ctx }) => auditLog.export(actor, query, ctx));
};
