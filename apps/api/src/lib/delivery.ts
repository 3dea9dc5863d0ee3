import type { DeliveryStatus } from '@rehabit/contract';
import type { Config } from '../config.ts';

type DeliveryConfig = Pick<Config, 'SMTP_URL' | 'SMS_WEBHOOK_URL' | 'isDemo'>;

/** Where e-mail and texts go, and a warning for each channel that delivers to nobody. */
export function deliveryStatus(config: DeliveryConfig): DeliveryStatus {
  const email = config.SMTP_URL ? 'smtp' : 'outbox';
  const sms = config.SMS_WEBHOOK_URL ? 'webhook' : 'outbox';
  const warnings: string[] = [];
  if (email === 'outbox') {
    warnings.push(
      'E-mail is not delivered: no SMTP server is configured (SMTP_URL), so approvals and password-reset links wait in the outbox and reach nobody.',
    );
  }
  if (sms === 'outbox') {
    warnings.push(
      'Text messages are not delivered: no SMS provider is configured (SMS_WEBHOOK_URL), so patients cannot receive sign-in codes.',
    );
  }
  return { email, sms, is_demo: config.isDemo, warnings };
}
