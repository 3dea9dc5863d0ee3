import type { ReactNode } from 'react';
import { Pagination } from '../pagination/pagination.tsx';
import { ErrorState } from './error-state.tsx';
import { SkeletonList } from './skeleton.tsx';

/** What a list needs of its query: whether its first answer is on its way or failed, and a way to ask again. */
type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
};

type QueryStatesProps = {
  query: ListQuery;
  /** The placeholder rows while the first answer is on its way, and what a screen reader hears meanwhile. */
  loading: { rows: number; label: string };
  /** The title of the error state, which offers to try again. */
  failedTitle: string;
  /** Whether the failure shows; a screen that words a refusal itself (as an empty answer) holds it back. */
  isFailed?: boolean;
  isEmpty: boolean;
  /** Shown instead of the list when the answer holds nothing; its words say why. */
  empty: ReactNode;
  /** The pages under the list, where the list has more than one. */
  pages?: { label: string; page: number; total: number; onPageChange: (page: number) => void };
  children: ReactNode;
};

/** A list read from the server in its four states: loading, failed with a retry, empty, and shown with its pages. */
export function QueryStates({
  query,
  loading,
  failedTitle,
  isFailed = query.isError,
  isEmpty,
  empty,
  pages,
  children,
}: QueryStatesProps) {
  if (query.isPending) return <SkeletonList rows={loading.rows} label={loading.label} />;
  if (isFailed) {
    return (
      <ErrorState
        title={failedTitle}
        error={query.error}
        onRetry={() => query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (isEmpty) return empty;
  return (
    <>
      {children}
      {pages && (
        <Pagination
          label={pages.label}
          currentPage={pages.page}
          totalItems={pages.total}
          onPageChange={pages.onPageChange}
        />
      )}
    </>
  );
}
