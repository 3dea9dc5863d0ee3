import type { Agent } from 'node:https';
import webPush from 'web-push';

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
  /** Sends to one device, encrypted to its keys (RFC 8291), signed with the server's key (RFC 8292). */
  sendTo(device: PushDevice, payload: PushPayload): Promise<DeviceOutcome>;
};

/**
 * A reminder is worth a few hours at most: a phone that is off longer gets none rather than a stale one (the push
 * service keeps it this long, in seconds).
 */
export const PUSH_TTL_SECONDS = 4 * 3600;
/** A push service that does not answer within this long is given up on; the reminder's lease is far longer. */
const PUSH_TIMEOUT_MS = 10_000;

type Options = {
  keys: VapidKeys | undefined;
  /** The HTTPS agent the requests go through (tests trust their own push service's certificate with it). */
  agent?: Agent;
};

/**
 * Web Push (RFC 8030): the server only speaks to the address each browser gave it; which push service that is, the
 * browser's vendor decided (decision 1365).
 */
export function createPushSender({ keys, agent }: Options): PushSender {
  return {
    publicKey: keys?.publicKey,
    async sendTo(device, payload) {
      if (!keys) return { status: 'failed', reason: 'Push notifications are not set up on this server' };
      try {
        await webPush.sendNotification(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          JSON.stringify(payload),
          {
            TTL: PUSH_TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            vapidDetails: keys,
            timeout: PUSH_TIMEOUT_MS,
            ...(agent ? { agent } : {}),
          },
        );
        return { status: 'sent' };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return { status: 'gone' };
        // The reason names the answer's status or the error's class, never the device's address.
        return {
          status: 'failed',
          reason: status ? `Push service answered ${status}` : `Push service not reached (${(err as Error).name})`,
        };
      }
    },
  };
}

/** A new VAPID key pair, base64url, for the environment. */
export const generatePushKeys = () => webPush.generateVAPIDKeys();
