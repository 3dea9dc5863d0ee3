import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { compressOnce, sendVariants, type Variants } from './precompressed.ts';

/** OpenAPI generated from the contract's schemas, browsable at /docs. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Rehabit API',
        description: 'Clinic portal for home exercise programs and Remote Therapeutic Monitoring.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  // The document (about 180 KB of JSON) stays the same while the server runs: it is written and compressed on the
  // first request, not serialised and compressed again on every one.
  let document: Promise<Variants> | undefined;
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiHooks: {
      preHandler: async (request, reply) => {
        if (request.routeOptions.url !== '/docs/json') return;
        // A failed write is not kept: the next request tries again.
        document ??= compressOnce(JSON.stringify(app.swagger())).catch((err: unknown) => {
          document = undefined;
          throw err;
        });
        const variants = await document;
        reply.type('application/json; charset=utf-8');
        return sendVariants(request, reply, variants);
      },
    },
  });
}
