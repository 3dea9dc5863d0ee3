import {
  bulkAddBodySchema,
  createVideoBodySchema,
  createVideoResponseSchema,
  deletedSchema,
  deleteVideosBodySchema,
  folderContentsQuerySchema,
  folderIdsParamsSchema,
  folderListQuerySchema,
  folderListSchema,
  folderNameBodySchema,
  folderResultsSchema,
  folderSchema,
  hepRequestBodySchema,
  hepRequestListSchema,
  hepRequestSchema,
  idParamsSchema,
  pageQuerySchema,
  removeFromFolderBodySchema,
  shareFoldersBodySchema,
  updateVideoBodySchema,
  videoListQuerySchema,
  videoListSchema,
  videoPaths,
  videoSchema,
} from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { requestContext } from '../../http/request-context.ts';
import { authorize, requireActor, staffRoles } from '../../plugins/auth.ts';

export const videosRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { videos, folders }) => {
  const tags = ['videos'];
  // Permission matrix (product decisions §2): every staff role uploads and files videos; patients do not.
  const staff = authorize(...staffRoles);
  const admins = authorize('admin');

  app.get(
    videoPaths.list,
    { schema: { tags, querystring: videoListQuerySchema, response: { 200: videoListSchema } }, preHandler: staff },
    (request) => videos.list(requireActor(request), request.query, requestContext(request)),
  );
  app.post(
    videoPaths.create,
    { schema: { tags, body: createVideoBodySchema, response: { 201: createVideoResponseSchema } }, preHandler: staff },
    async (request, reply) =>
      reply.code(201).send(await videos.create(requireActor(request), request.body ?? {}, requestContext(request))),
  );
  app.delete(
    videoPaths.delete,
    { schema: { tags, body: deleteVideosBodySchema, response: { 200: deletedSchema } }, preHandler: staff },
    (request) => videos.remove(requireActor(request), request.body.videos, requestContext(request)),
  );

  app.get(
    videoPaths.folders,
    { schema: { tags, querystring: folderListQuerySchema, response: { 200: folderListSchema } }, preHandler: staff },
    (request) => folders.list(requireActor(request), request.query),
  );
  app.post(
    videoPaths.folders,
    { schema: { tags, body: folderNameBodySchema, response: { 201: folderSchema } }, preHandler: staff },
    async (request, reply) =>
      reply.code(201).send(await folders.create(requireActor(request), request.body.name, requestContext(request))),
  );
  app.post(
    videoPaths.bulkAdd,
    { schema: { tags, body: bulkAddBodySchema, response: { 200: folderResultsSchema } }, preHandler: staff },
    (request) =>
      folders.addVideos(
        requireActor(request),
        request.body.video_ids,
        request.body.libraryfolder_ids,
        requestContext(request),
      ),
  );
  app.post(
    videoPaths.share,
    { schema: { tags, body: shareFoldersBodySchema, response: { 200: folderResultsSchema } }, preHandler: staff },
    (request) =>
      folders.share(
        requireActor(request),
        request.body.libraryfolder_ids,
        request.body.is_shared,
        requestContext(request),
      ),
  );
  app.delete(
    videoPaths.removeFromFolder,
    { schema: { tags, body: removeFromFolderBodySchema, response: { 200: folderSchema } }, preHandler: staff },
    (request) =>
      folders.removeVideos(
        requireActor(request),
        request.body.libraryfolder_id,
        request.body.video_ids,
        requestContext(request),
      ),
  );
  app.get(
    videoPaths.folderRoute,
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: folderContentsQuerySchema,
        response: { 200: videoListSchema },
      },
      preHandler: staff,
    },
    (request) => folders.contents(requireActor(request), request.params.id, request.query, requestContext(request)),
  );
  app.patch(
    videoPaths.folderRoute,
    {
      schema: { tags, params: idParamsSchema, body: folderNameBodySchema, response: { 200: folderSchema } },
      preHandler: staff,
    },
    (request) => folders.rename(requireActor(request), request.params.id, request.body.name, requestContext(request)),
  );
  app.delete(
    videoPaths.deleteFoldersRoute,
    { schema: { tags, params: folderIdsParamsSchema, response: { 200: deletedSchema } }, preHandler: staff },
    (request) => folders.remove(requireActor(request), request.params.ids, requestContext(request)),
  );

  app.post(
    videoPaths.hepRequestCreate,
    { schema: { tags, body: hepRequestBodySchema, response: { 201: hepRequestSchema } }, preHandler: staff },
    async (request, reply) =>
      reply
        .code(201)
        .send(await folders.requestVideo(requireActor(request), request.body.request_content, requestContext(request))),
  );
  app.get(
    videoPaths.hepRequests,
    { schema: { tags, querystring: pageQuerySchema, response: { 200: hepRequestListSchema } }, preHandler: admins },
    (request) => folders.listRequests(request.query),
  );

  // Parameterised routes last in the file for readers; the router prefers static segments anyway.
  app.get(
    videoPaths.detailRoute,
    { schema: { tags, params: idParamsSchema, response: { 200: videoSchema } }, preHandler: staff },
    (request) => videos.get(requireActor(request), request.params.id, requestContext(request)),
  );
  app.patch(
    videoPaths.detailRoute,
    {
      schema: { tags, params: idParamsSchema, body: updateVideoBodySchema, response: { 200: videoSchema } },
      preHandler: staff,
    },
    (request) => videos.update(requireActor(request), request.params.id, request.body, requestContext(request)),
  );
};
