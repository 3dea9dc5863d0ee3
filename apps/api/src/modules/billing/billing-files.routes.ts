import { BILLING_FILE_MAX_BYTES, billingEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { BillingFilesService } from './billing-files.service.ts';

/** A corrected workbook of up to 5 MB arrives as base64 in JSON: four characters for every three bytes, and room. */
const UPLOAD_BODY_LIMIT = Math.ceil(BILLING_FILE_MAX_BYTES / 3) * 4 + 64 * 1024;

/** A clinic month's billing file (decision 0801): check and download for staff, regenerate and upload for admins. */
export const billingFilesRoutes: FastifyPluginAsyncZod<{ billingFiles: BillingFilesService }> = async (
  app,
  { billingFiles },
) => {
  route(app, billingEndpoints.checkFile, ({ actor, params, query }) => billingFiles.checkFile(actor, params, query));
  route(app, billingEndpoints.downloadFile, ({ actor, params, query, ctx }) =>
    billingFiles.downloadFile(actor, params, query, ctx),
  );
  route(app, billingEndpoints.regenerateFile, ({ actor, params, ctx }) =>
    billingFiles.regenerateFile(actor, params, ctx),
  );
  route(
    app,
    billingEndpoints.uploadFile,
    ({ actor, params, body, ctx }) => billingFiles.uploadFile(actor, params, body, ctx),
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );
};
