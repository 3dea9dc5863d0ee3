import { programTemplateEndpoints } from '@rehabit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { templatesKey } from './get-templates.ts';

/** What a preview shows: a template of the clinic's, or a shipped protocol. */
export type TemplateChoice = { kind: 'template'; id: number } | { kind: 'protocol'; key: string };

export const templateQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...templatesKey, 'detail', id],
    queryFn: ({ signal }) => call(programTemplateEndpoints.detail, { params: { id }, signal }),
    meta: { errorHandling: 'silent' },
  });

export const protocolQueryOptions = (key: string) =>
  queryOptions({
    queryKey: [...templatesKey, 'protocol', key],
    queryFn: ({ signal }) => call(programTemplateEndpoints.protocol, { params: { key }, signal }),
    meta: { errorHandling: 'silent' },
  });

export const useTemplate = (id: number | null) => useQuery({ ...templateQueryOptions(id ?? 0), enabled: id !== null });

export const useProtocol = (key: string | null) =>
  useQuery({ ...protocolQueryOptions(key ?? ''), enabled: key !== null });
