import { createHmac } from 'node:crypto';
import type { IceServer } from '@rehabit/contract';
import type { Config } from '../../config.ts';

/** How long a visit's TURN credentials are good for: enough for a visit, short enough to be worth little if taken. */
export const TURN_CREDENTIAL_SECONDS = 60 * 60;

type IceConfig = Pick<Config, 'VISIT_STUN_URLS' | 'VISIT_TURN_URLS' | 'VISIT_TURN_SECRET'>;

/**
 * The ICE servers a participant's browser makes its peer connection with (decision 1375): the clinic's STUN servers,
 * and its TURN servers with credentials of the TURN REST convention coturn checks with `use-auth-secret`: the user
 * name is `<expiry in Unix seconds>:<user id>`, the password the Base64 of HMAC-SHA1 of the name under the shared
 * secret. TURN servers without a secret are left out (production refuses the configuration).
 */
export function iceServersFor(config: IceConfig, userId: number, now: Date): IceServer[] {
  const servers: IceServer[] = [];
  if (config.VISIT_STUN_URLS.length > 0) servers.push({ urls: [...config.VISIT_STUN_URLS] });
  const secret = config.VISIT_TURN_SECRET;
  if (config.VISIT_TURN_URLS.length > 0 && secret) {
    const expiry = Math.floor(now.getTime() / 1000) + TURN_CREDENTIAL_SECONDS;
    const username = `${expiry}:${userId}`;
    const credential = createHmac('sha1', secret).update(username).digest('base64');
    servers.push({ urls: [...config.VISIT_TURN_URLS], username, credential });
  }
  return servers;
}
