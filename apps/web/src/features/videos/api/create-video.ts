import { type CreateVideoBody, videoEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';

/** A new record with its upload credentials for the video host (decision 0200). */
export const createVideo = (body: CreateVideoBody) => call(videoEndpoints.create, { body });
