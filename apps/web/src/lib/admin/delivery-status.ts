import { adminPaths, deliveryStatusSchema, type Role } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export const getDeliveryStatus = (signal?: AbortSignal) =>
  api.get(adminPaths.deliveryStatus, { schema: deliveryStatusSchema, signal });

export const deliveryStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'delivery-status'],
    queryFn: ({ signal }) => getDeliveryStatus(signal),
    // Set by the server's configuration: it changes only with a restart.
    staleTime: 5 * 60_000,
    meta: { errorHandling: 'silent' },
  });

/** How e-mail and texts are delivered; asked only for platform admins, who alone can fix it. */
export const useDeliveryStatus = (role: Role) =>
  useQuery({ ...deliveryStatusQueryOptions(), enabled: role === 'admin' });
