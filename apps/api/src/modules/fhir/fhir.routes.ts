import { FHIR_BASE_PATH, fhirEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../http/request-context.ts';
import { route } from '../../http/route.ts';
import { checkAccess } from '../../http/run-endpoint.ts';
import { AppError } from '../../lib/errors.ts';
import { problemOf } from '../../plugins/errors.ts';
import { type Caller, callerOf } from '../data-access.ts';
import type { FhirService, SearchQuery } from './fhir.service.ts';
import { isReadableType } from './fhir-ids.ts';
import { type FhirResource, type IssueCode, operationOutcome } from './fhir-mapping.ts';
import { patientIdOf } from './fhir-search.ts';

/** The per-patient Bundle, a file endpoint of the contract (decision 1425). */
export const fhirRoutes: FastifyPluginAsyncZod<{ fhir: FhirService }> = async (app, { fhir }) => {
  route(app, fhirEndpoints.bundle, ({ actor, params, ctx }) => fhir.bundle(actor, params.id, ctx));
};

const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** The FHIR issue type of an error's status. */
const issueOf = (status: number): IssueCode =>
  status === 401
    ? 'login'
    : status === 403
      ? 'forbidden'
      : status === 404
        ? 'not-found'
        : status === 429
          ? 'throttled'
          : status < 500
            ? 'invalid'
            : 'exception';

/** The read API's staff: the same access as reading a patient through the contract (`patients.read`). */
const readAccess = { access: 'patients.read' } as const;

/**
 * The read-only FHIR R4 API (decision 1425), registered by hand: FHIR answers `application/fhir+json` and an
 * `OperationOutcome` for every error, which the contract's problem+json pipeline does not. The checks are the
 * pipeline's: the same access (`checkAccess`), the caller's data access built from their scope, and the patient
 * reached through `requirePatient` with the refused attempt audited.
 */
export const fhirReadRoutes: FastifyPluginAsync<{ fhir: FhirService }> = async (app, { fhir }) => {
  function serve(
    work: (request: FastifyRequest, caller: Caller | null) => Promise<FhirResource> | FhirResource,
    open = false,
  ) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      let status = 200;
      let body: FhirResource;
      try {
        if (!open) checkAccess(readAccess, request.actor);
        body = await work(request, request.actor && callerOf(app.db, request.actor));
      } catch (error) {
        const { problem, fault } = problemOf(error);
        if (fault === 'unexpected') request.log.error({ err: error }, 'the FHIR read API failed');
        status = problem.status;
        body = operationOutcome(issueOf(status), problem.detail ?? problem.title);
        if (status === 401) reply.header('www-authenticate', 'Bearer');
      }
      return reply
        .code(status)
        .header('content-type', FHIR_JSON)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(body));
    };
  }

  const patientIdIn = (request: FastifyRequest) => {
    const id = patientIdOf((request.params as { id: string }).id);
    if (id === null) throw new AppError('not_found', 'No such patient');
    return id;
  };
  const hidden = { schema: { hide: true } };

  // The capability statement is public, as FHIR clients read it before they sign in.
  app.get(
    `${FHIR_BASE_PATH}/metadata`,
    hidden,
    serve(() => fhir.metadata(), true),
  );
  app.get(
    `${FHIR_BASE_PATH}/Patient/:id`,
    hidden,
    serve((request, caller) => fhir.readPatient(caller!, patientIdIn(request), requestContext(request))),
  );
  app.get(
    `${FHIR_BASE_PATH}/Patient/:id/$everything`,
    hidden,
    serve((request, caller) => fhir.everything(caller!, patientIdIn(request), requestContext(request))),
  );
  app.get(
    `${FHIR_BASE_PATH}/Observation`,
    hidden,
    serve((request, caller) => {
      const self = request.url.slice(request.url.indexOf('/Observation') + 1);
      return fhir.searchObservations(caller!, request.query as SearchQuery, self, requestContext(request));
    }),
  );
  app.get(
    `${FHIR_BASE_PATH}/:type/:id`,
    hidden,
    serve((request, caller) => {
      const { type, id } = request.params as { type: string; id: string };
      if (!isReadableType(type)) throw new AppError('not_found', `This FHIR API does not serve ${type}`);
      return fhir.read(caller!, type, id, requestContext(request));
    }),
  );
  // Anything else under the base: a resource or interaction it does not serve, or a change of a read-only API.
  app.all(`${FHIR_BASE_PATH}/*`, hidden, async (request, reply) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    const outcome = read
      ? operationOutcome('not-found', `This FHIR API does not serve ${request.url.split('?')[0]}`)
      : operationOutcome('not-supported', 'This FHIR API is read-only');
    if (!read) reply.header('allow', 'GET');
    return reply
      .code(read ? 404 : 405)
      .header('content-type', FHIR_JSON)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(outcome));
  });
};
