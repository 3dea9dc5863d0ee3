import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

export const deliveryStatusSchema = z.object({
  /** `outbox`: no SMTP server is configured; e-mails wait in the database and reach nobody. */
  email: z.enum(['smtp', 'outbox']),
  /** `outbox`: no SMS provider is configured; texts (phone sign-in codes) wait in the database and reach nobody. */
  sms: z.enum(['webhook', 'outbox']),
  is_demo: z.boolean(),
  /** Sentences for the admin, one per channel that delivers nowhere; empty when everything is delivered. */
  warnings: z.array(z.string()),
});
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const adminEndpoints = defineEndpoints('admin', {
  /** How the portal delivers e-mail and texts, and what a platform admin must fix about it. */
  deliveryStatus: {
    method: 'GET',
    path: '/admin/delivery-status',
    access: 'platform.delivery',
    status: 200,
    response: deliveryStatusSchema,
  },
});
