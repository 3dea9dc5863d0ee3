import type { FastifyInstance } from 'fastify';

/**
 * JSON with the framework's own protections (prototype poisoning), except that an empty body is read as no body:
 * clients often send `Content-Type: application/json` on body-less PATCH and POST calls.
 * Plain text is not accepted at all, so it is refused with 415 rather than half-parsed.
 */
export function registerBodyParsers(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
