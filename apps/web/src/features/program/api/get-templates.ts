import { programTemplateEndpoints, type TemplateListParams } from '@rehabit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** Every templates query sits under this key, so a change makes them all stale at once. */
export const templatesKey = ['program-templates'] as const;

export type TemplateFilters = TemplateListParams;

export const templatesQueryOptions = (filters: TemplateFilters) =>
  queryOptions({
    queryKey: [...templatesKey, 'list', filters],
    queryFn: ({ signal }) => call(programTemplateEndpoints.list, { query: filters, signal }),
    placeholderData: keepPreviousData,
    meta: { errorHandling: 'silent' },
  });

/** A page of templates the caller sees, with the protocols ranked by a patient's diagnosis beside it. */
export const useTemplates = (filters: TemplateFilters, options: { enabled?: boolean } = {}) =>
  useQuery({ ...templatesQueryOptions(filters), enabled: options.enabled ?? true });
