import { fhirBulkEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { FhirBulkService } from './fhir-bulk.service.ts';

/** The clinic month's FHIR bulk export (decision 1440): start, state, list and each file's download. */
export const fhirBulkRoutes: FastifyPluginAsyncZod<{ bulk: FhirBulkService }> = async (app, { bulk }) => {
  route(app, fhirBulkEndpoints.start, async ({ actor, query, body, ctx, answerWith }) => {
    const { answer, isNew } = await bulk.start(actor, query, body, ctx);
    if (!isNew) answerWith(200);
    return answer;
  });
  route(app, fhirBulkEndpoints.list, ({ actor, query }) => bulk.list(actor, query));
  route(app, fhirBulkEndpoints.state, ({ actor, params }) => bulk.state(actor, params.id));
  route(app, fhirBulkEndpoints.download, ({ actor, params, ctx }) => bulk.download(actor, params, ctx));
};
