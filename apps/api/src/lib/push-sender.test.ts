import { afterAll, describe, expect, it } from 'vitest';
import { newDevice, startPushService } from '../../test/push-service-support.ts';
import { createPushSender, generatePushKeys } from './push.ts';

// The sender speaks only to public push services, and none holds it past its deadline (decision 1365).
const pushService = await startPushService();
afterAll(() => pushService.close());
const keys = { ...generatePushKeys(), subject: 'mailto:push@rehabit.test' };
const payload = { title: 'Rehabit', body: 'A friendly reminder for today.', url: 'https://rehabit.test/my/today' };
const deviceAt = (origin: string) => {
  const { subscription } = newDevice(origin);
  return { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
};

describe('the push sender', () => {
  it('delivers to a push service it reaches by name', async () => {
    const push = createPushSender({ keys, agent: pushService.agent });
    expect(await push.sendTo(deviceAt(pushService.origin), payload)).toEqual({ status: 'sent' });
  });

  it('gives up on a push service that trickles its answer, at the deadline', async () => {
    const push = createPushSender({ keys, agent: pushService.agent, deadlineMs: 1500 });
    const device = deviceAt(pushService.origin);
    pushService.stalls.add(new URL(device.endpoint).pathname);
    const started = performance.now();
    expect(await push.sendTo(device, payload)).toEqual({
      status: 'failed',
      reason: 'Push service not reached (NoAnswerInTime)',
    });
    // The trickle goes on for as long as it is read: only the deadline ended it.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1400);
  });

  it('refuses an address on this machine or a private network, by number or by a name that resolves to one', async () => {
    const push = createPushSender({ keys });
    const refused = { status: 'failed', reason: 'Push service not reached (NotPublicAddress)' };
    for (const origin of [
      `https://127.0.0.1:${pushService.port}`,
      `https://[::1]:${pushService.port}`,
      `https://10.1.2.3:${pushService.port}`,
      `https://localhost:${pushService.port}`,
    ]) {
      expect(await push.sendTo(deviceAt(origin), payload), origin).toEqual(refused);
    }
    expect(pushService.received).toHaveLength(1);
  });
});
