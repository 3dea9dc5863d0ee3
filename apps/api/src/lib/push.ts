import { Agent, request } from 'node:https';
import { isIP } from 'node:net';
import webPush from 'web-push';
import { publicAddressLookup } from './public-address.ts';

/** The server's VAPID identity (RFC 8292): the key pair browsers subscribe with, and who runs the server. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** A device's subscription, as the browser gave it. */
export type PushDevice = { endpoint: string; p256dh: string; auth: string };

/** What a push notification shows: fixed words (decision 1365) and the page it opens. */
export type PushPayload = { title: string; body: string; url: string };

/**
 * What a device's push service answered: taken, gone for good (404 or 410: the subscription expired or was turned
 * off, so it is forgotten), or refused for now with the reason.
 */
export type DeviceOutcome = { status: 'sent' } | { status: 'gone' } | { status: 'failed'; reason: string };

export type PushSender = {
  /** The key browsers subscribe with; undefined when push is off on this server. */
  publicKey: string | undefined;
  /**
   * Sends to one device, encrypted to its keys (RFC 8291), signed with the server's key (RFC 8292). A reminder is kept
   * by the push service for `PUSH_TTL_SECONDS` by default; a call that rings is worth its ringing time only.
   */
  sendTo(device: PushDevice, payload: PushPayload, delivery?: PushDelivery): Promise<DeviceOutcome>;
};
/** How long the push service keeps the notification for a phone that is off (seconds), and how urgently it goes. */
export type PushDelivery = { ttlSeconds: number; urgency: 'normal' | 'high' };

/**
 * A reminder is worth a few hours at most: a phone that is off longer gets none rather than a stale one (the push
 * service keeps it this long, in seconds).
 */
export const PUSH_TTL_SECONDS = 4 * 3600;
/**
 * A push service that has not answered within this long is given up on, however it trickles: the reminder's lease
 * is far longer, and one device must not hold up the reminders' job.
 */
const PUSH_DEADLINE_MS = 10_000;

type Options = {
  keys: VapidKeys | undefined;
  /**
   * The HTTPS agent the requests go through: by default one that connects to public addresses only (tests give one
   * that trusts their own push service).
   */
  agent?: Agent;
  /** How long a push service has to answer (tests shorten it). */
  deadlineMs?: number;
};

type RequestDetails = ReturnType<typeof webPush.generateRequestDetails>;

/**
 * Posts one notification and answers the push service's status. The answer's body is never read, and the request
 * is cut at the deadline whatever arrives meanwhile.
 */
function post(details: RequestDetails, agent: Agent, deadlineMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(details.endpoint);
    // A literal address is connected to without a lookup, so the public-only check never sees it.
    if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) return reject(new NotPublic());
    const req = request(url, { method: details.method, headers: details.headers, agent }, (res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    const deadline = setTimeout(() => req.destroy(new DeadlinePassed()), deadlineMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('error', (err) => reject((err as { code?: string }).code === 'ENOTPUBLIC' ? new NotPublic() : err));
    req.end(details.body);
  });
}

class NotPublic extends Error {
  override name = 'NotPublicAddress';
}
class DeadlinePassed extends Error {
  override name = 'NoAnswerInTime';
}

/**
 * Web Push (RFC 8030): the server only speaks to the address each browser gave it; which push service that is, the
 * browser's vendor decided (decision 1365).
 */
export function createPushSender({
  keys,
  agent = new Agent({ lookup: publicAddressLookup }),
  deadlineMs = PUSH_DEADLINE_MS,
}: Options): PushSender {
  return {
    publicKey: keys?.publicKey,
    async sendTo(device, payload, delivery = { ttlSeconds: PUSH_TTL_SECONDS, urgency: 'normal' }) {
      if (!keys) return { status: 'failed', reason: 'Push notifications are not set up on this server' };
      try {
        const details = webPush.generateRequestDetails(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          JSON.stringify(payload),
          { TTL: delivery.ttlSeconds, urgency: delivery.urgency, contentEncoding: 'aes128gcm', vapidDetails: keys },
        );
        const status = await post(details, agent, deadlineMs);
        if (status === 404 || status === 410) return { status: 'gone' };
        if (status >= 200 && status < 300) return { status: 'sent' };
        return { status: 'failed', reason: `Push service answered ${status}` };
      } catch (err) {
        // The reason names the error's class, never the device's address.
        return { status: 'failed', reason: `Push service not reached (${(err as Error).name})` };
      }
    },
  };
}

/** A new VAPID key pair, base64url, for the environment. */
export const generatePushKeys = () => webPush.generateVAPIDKeys();
