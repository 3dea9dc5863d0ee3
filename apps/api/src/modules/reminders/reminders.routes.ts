import { reminderEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { ReminderOptOutService } from './reminder-opt-out.service.ts';
import type { RemindersService } from './reminders.service.ts';
import { unsubscribePage, wantsHtml } from './unsubscribe-page.ts';

/** Exercise reminders (decision 1350): the schedule, what was sent, adherence, and the opt-outs. */
export const remindersRoutes: FastifyPluginAsyncZod<{
  reminders: RemindersService;
  optOut: ReminderOptOutService;
}> = async (app, { reminders, optOut }) => {
  // A mail program's one-click unsubscribe (RFC 8058) and the page's button post a form; its fields are not read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, undefined),
  );

  route(app, reminderEndpoints.mine, ({ actor, ctx }) => reminders.mine(actor, ctx));
  route(app, reminderEndpoints.saveMine, ({ actor, body, ctx }) => reminders.saveMine(actor, body, ctx));
  route(app, reminderEndpoints.ofPatient, ({ actor, params, ctx }) => reminders.ofPatient(actor, params.id, ctx));
  route(app, reminderEndpoints.saveForPatient, ({ actor, params, body, ctx }) =>
    reminders.saveForPatient(actor, params.id, body, ctx),
  );
  route(app, reminderEndpoints.sent, ({ actor, params, query, ctx }) => reminders.sent(actor, params.id, query, ctx));
  route(app, reminderEndpoints.adherence, ({ actor, params, ctx }) => reminders.adherence(actor, params.id, ctx));

  route(app, reminderEndpoints.smsInbound, ({ body, ctx }) => optOut.smsReply(body, ctx), {
    preHandler: async (request) => optOut.checkProvider(request.headers.authorization),
  });

  route(app, reminderEndpoints.unsubscribePage, async ({ query, request, reply }) => {
    const answer = optOut.checkToken(query.token);
    if (wantsHtml(request.headers.accept)) {
      return reply.type('text/html; charset=utf-8').send(unsubscribePage(query.token, false));
    }
    return answer;
  });
  route(app, reminderEndpoints.unsubscribe, async ({ query, request, reply, ctx }) => {
    const answer = await optOut.unsubscribe(query.token, ctx);
    if (wantsHtml(request.headers.accept)) {
      return reply.type('text/html; charset=utf-8').send(unsubscribePage(query.token, true));
    }
    return answer;
  });
};
