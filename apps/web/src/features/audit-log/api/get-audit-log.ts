import { type AuditLogQuery, auditLogEndpoints } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

export type AuditLogParams = Partial<AuditLogQuery>;

export const getAuditLog = (query: AuditLogParams, signal?: AbortSignal) =>
  call(auditLogEndpoints.list, { query, signal });

export const auditLogQueryOptions = (query: AuditLogParams) =>
  queryOptions({
    queryKey: ['audit-log', query],
    queryFn: ({ signal }) => getAuditLog(query, signal),
    placeholderData: keepPreviousData,
    // Each reading is audited; the log is read when asked, not on every focus.
    refetchOnWindowFocus: false,
    meta: { errorHandling: 'silent' },
  });

export const useAuditLog = (query: AuditLogParams) => useQuery(auditLogQueryOptions(query));
