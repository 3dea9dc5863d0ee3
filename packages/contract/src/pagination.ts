import { z } from 'zod/mini';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_WINDOW = 2;

/** Query of every paginated list: 1-based page, size capped at 100. */
export const pageQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE)), DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const paginated = <T extends z.core.SomeType>(item: T) =>
  z.object({
    count: z.int(),
    next: z.nullable(z.int()),
    previous: z.nullable(z.int()),
    results: z.array(item),
  });

export type Paginated<T> = { count: number; next: number | null; previous: number | null; results: T[] };

export function toPage<T>(rows: T[], count: number, query: PageQuery): Paginated<T> {
  return {
    count,
    next: query.page * query.page_size < count ? query.page + 1 : null,
    previous: query.page > 1 ? query.page - 1 : null,
    results: rows,
  };
}

/** Total pages is the item count over the page size, rounded up (decision 1310). */
export const totalPages = (totalItems: number, perPage = DEFAULT_PAGE_SIZE) =>
  perPage > 0 ? Math.ceil(Math.max(0, totalItems) / perPage) : 0;
