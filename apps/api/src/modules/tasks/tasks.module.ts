import fp from 'fastify-plugin';
import { createTaskRules, type TaskRules } from './task-rules.ts';
import { tasksRoutes } from './tasks.routes.ts';
import { createTasksService, type TasksService } from './tasks.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The task rules, run inside other modules' changes (a sign-up, a call logged, a request answered) and by the job. */
    taskRules: TaskRules;
    /** The clinic's work queue: the dashboard counts its open tasks. */
    tasks: TasksService;
  }
}

/** Tasks made by people and by rules (decision 0902). */
export const tasksModule = fp(
  async (app) => {
    const { db, clock, audit } = app;
    const tasks = createTasksService({ clock, audit });
    app.decorate('taskRules', createTaskRules({ db, clock, audit }));
    app.decorate('tasks', tasks);
    await app.register(tasksRoutes, { tasks });
  },
  { name: 'tasks', dependencies: ['core'] },
);
