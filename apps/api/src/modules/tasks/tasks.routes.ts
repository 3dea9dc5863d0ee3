import { taskEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { TasksService } from './tasks.service.ts';

/** The clinic's work queue (decision 0902): the list, done and its undo, and a task for a colleague. */
export const tasksRoutes: FastifyPluginAsyncZod<{ tasks: TasksService }> = async (app, { tasks }) => {
  route(app, taskEndpoints.list, ({ actor, query, ctx }) => tasks.list(actor, query, ctx));
  route(app, taskEndpoints.done, ({ actor, params, ctx }) => tasks.done(actor, params.id, ctx));
  route(app, taskEndpoints.reopen, ({ actor, params, ctx }) => tasks.reopen(actor, params.id, ctx));
  route(app, taskEndpoints.create, ({ actor, body, ctx }) => tasks.create(actor, body, ctx));
};
