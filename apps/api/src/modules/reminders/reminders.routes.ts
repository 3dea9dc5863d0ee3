import { reminderEndpoints } from '@rehabit/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { PushDevicesService } from './push-devices.service.ts';
import type { ReminderOptOutService } from './reminder-opt-out.service.ts';
import type { RemindersService } from './reminders.service.ts';
import { invalidLinkPage, unsubscribePage, wantsHtml } from './unsubscribe-page.ts';

/** Exercise reminders (decision 1350): the schedule, what was sent, adherence, and the opt-outs. */
export const remindersRoutes: FastifyPluginAsyncZod<{
  reminders: RemindersService;
  optOut: ReminderOptOutService;
  pushDevices: PushDevicesService;
}> = async (app, { reminders, optOut, pushDevices }) => {
  // A mail program's one-click unsubscribe (RFC 8058) and the page's button post a form; its fields are not read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, undefined),
  );

  route(app, reminderEndpoints.mine, ({ actor, ctx }) => reminders.mine(actor, ctx));
  route(app, reminderEndpoints.saveMine, ({ actor, body, ctx }) => reminders.saveMine(actor, body, ctx));
  route(app, reminderEndpoints.subscribePush, ({ actor, body, ctx }) => pushDevices.subscribe(actor, body, ctx));
  route(app, reminderEndpoints.unsubscribePush, ({ actor, body, ctx }) =>
    pushDevices.unsubscribe(actor, body.endpoint, ctx),
  );
  route(app, reminderEndpoints.ofPatient, ({ actor, params, ctx }) => reminders.ofPatient(actor, params.id, ctx));
  route(app, reminderEndpoints.saveForPatient, ({ actor, params, body, ctx }) =>
    reminders.saveForPatient(actor, params.id, body, ctx),
  );
  route(app, reminderEndpoints.sent, ({ actor, params, query, ctx }) => reminders.sent(actor, params.id, query, ctx));
  route(app, reminderEndpoints.adherence, ({ actor, params, ctx }) => reminders.adherence(actor, params.id, ctx));

  route(app, reminderEndpoints.smsInbound, ({ body, ctx }) => optOut.smsReply(body, ctx), {
    preHandler: async (request) => optOut.checkProvider(request.headers.authorization),
  });

  // A person who opened a link that is not ours (or cut short) gets a page saying so; API clients get the problem.
  const invalidLinkForPeople = async (request: FastifyRequest, reply: FastifyReply) => {
    const { token } = (request.query ?? {}) as { token?: unknown };
    if (!wantsHtml(request.headers.accept) || (typeof token === 'string' && optOut.isOurToken(token))) return;
    return reply.code(400).type('text/html; charset=utf-8').send(invalidLinkPage());
  };

  route(
    app,
    reminderEndpoints.unsubscribePage,
    async ({ query, request, reply }) => {
      const answer = optOut.checkToken(query.token);
      if (wantsHtml(request.headers.accept)) {
        return reply.type('text/html; charset=utf-8').send(unsubscribePage(query.token, false));
      }
      return answer;
    },
    { preHandler: invalidLinkForPeople },
  );
  route(
    app,
    reminderEndpoints.unsubscribe,
    async ({ query, request, reply, ctx }) => {
      const answer = await optOut.unsubscribe(query.token, ctx);
      if (wantsHtml(request.headers.accept)) {
        return reply.type('text/html; charset=utf-8').send(unsubscribePage(query.token, true));
      }
      return answer;
    },
    { preHandler: invalidLinkForPeople },
  );
};
