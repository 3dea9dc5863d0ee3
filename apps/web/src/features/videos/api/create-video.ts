import { type CreateVideoBody, createVideoResponseSchema, videoPaths } from '@rehabit/contract';
import { api } from '../../../lib/api-client.ts';

/** A new record with its upload credentials for the video host (product decisions §8). */
export const createVideo = (body: CreateVideoBody) =>
  api.post(videoPaths.create, body, { schema: createVideoResponseSchema });
