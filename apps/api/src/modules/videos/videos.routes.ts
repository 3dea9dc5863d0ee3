import { videoCaptionEndpoints, videoEndpoints } from '@rehabit/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { CaptionsService } from './captions.service.ts';
import type { FoldersService } from './folders.service.ts';
import type { HepRequestsService } from './hep-requests.service.ts';
import type { VideosService } from './videos.service.ts';

export const videosRoutes: FastifyPluginAsyncZod<{
  videos: VideosService;
  folders: FoldersService;
  hepRequests: HepRequestsService;
  captions: CaptionsService;
}> = async (app, { videos, folders, hepRequests, captions }) => {
  route(app, videoEndpoints.list, ({ actor, query, ctx }) => videos.list(actor, query, ctx));
  // A create without a body takes every default.
  route(app, videoEndpoints.create, ({ actor, body, ctx }) => videos.create(actor, body ?? {}, ctx));
  route(app, videoEndpoints.remove, ({ actor, body, ctx }) => videos.remove(actor, body.videos, ctx));

  route(app, videoEndpoints.folders, ({ actor, query }) => folders.list(actor, query));
  route(app, videoEndpoints.createFolder, ({ actor, body, ctx }) => folders.create(actor, body.name, ctx));
  route(app, videoEndpoints.addToFolders, ({ actor, body, ctx }) =>
    folders.addVideos(actor, body.video_ids, body.libraryfolder_ids, ctx),
  );
  route(app, videoEndpoints.shareFolders, ({ actor, body, ctx }) =>
    folders.share(actor, body.libraryfolder_ids, body.is_shared, ctx),
  );
  route(app, videoEndpoints.removeFromFolder, ({ actor, body, ctx }) =>
    folders.removeVideos(actor, body.libraryfolder_id, body.video_ids, ctx),
  );
  route(app, videoEndpoints.folderContents, ({ actor, params, query, ctx }) =>
    folders.contents(actor, params.id, query, ctx),
  );
  route(app, videoEndpoints.renameFolder, ({ actor, params, body, ctx }) =>
    folders.rename(actor, params.id, body.name, ctx),
  );
  route(app, videoEndpoints.deleteFolders, ({ actor, params, ctx }) => folders.remove(actor, params.ids, ctx));

  route(app, videoEndpoints.requestVideo, ({ actor, query, body, ctx }) =>
    hepRequests.create(actor, body.request_content, query.clinic_code, ctx),
  );
  route(app, videoEndpoints.hepRequests, ({ actor, query }) => hepRequests.queue(actor, query));
  route(app, videoEndpoints.myHepRequests, ({ actor, query }) => hepRequests.mine(actor, query));
  route(app, videoEndpoints.answerHepRequest, ({ actor, params, body, ctx }) =>
    hepRequests.answer(actor, params.id, body, ctx),
  );

  // Parameterised routes last in the file for readers; the router prefers static segments anyway.
  route(app, videoEndpoints.detail, ({ actor, params, ctx }) => videos.get(actor, params.id, ctx));
  route(app, videoEndpoints.update, ({ actor, params, body, ctx }) => videos.update(actor, params.id, body, ctx));

  route(app, videoCaptionEndpoints.captions, ({ actor, params, ctx }) => captions.list(actor, params.id, ctx));
  route(app, videoCaptionEndpoints.caption, ({ actor, params, ctx }) =>
    captions.get(actor, params.id, params.language, ctx),
  );
  route(app, videoCaptionEndpoints.putCaption, ({ actor, params, body, ctx }) =>
    captions.put(actor, params.id, params.language, body.text, ctx),
  );
  route(app, videoCaptionEndpoints.removeCaption, ({ actor, params, ctx }) =>
    captions.remove(actor, params.id, params.language, ctx),
  );
};
