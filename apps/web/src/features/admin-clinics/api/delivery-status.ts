import { adminEndpoints, can, type Role } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export const getDeliveryStatus = (signal?: AbortSignal) => call(adminEndpoints.deliveryStatus, { signal });

export const deliveryStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'delivery-status'],
    queryFn: ({ signal }) => getDeliveryStatus(signal),
    // Set by the server's configuration: it changes only with a restart.
    staleTime: 5 * 60_000,
    meta: { errorHandling: 'silent' },
  });

/** How e-mail and texts are delivered; asked only of those who can fix it. */
export const useDeliveryStatus = (role: Role) =>
  useQuery({ ...deliveryStatusQueryOptions(), enabled: can(role, 'platform.delivery') });
