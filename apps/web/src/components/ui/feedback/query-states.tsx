import type { ReactNode } from 'react';
import { Pagination } from '../pagination/pagination.tsx';
import { ErrorState } from './error-state.tsx';
import { SkeletonList } from './skeleton.tsx';

/** What a screen needs of its query: its answer, whether the first is on its way or failed, and a way to ask again. */
type ServerQuery<T> = {
  data?: T;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
};

type QueryStatesProps<T> = {
  query: ServerQuery<T>;
  /** The placeholder rows while the first answer is on its way, and what a screen reader hears meanwhile. */
  loading: { rows: number; label: string };
  /** The title of the error state, which offers to try again. */
  failedTitle: string;
  /** Whether the failure shows; a screen that words a refusal itself (as an empty answer) holds it back. */
  isFailed?: boolean;
  /** Whether the answer holds nothing to show; a single record (a note, a clinic's details) never is. */
  isEmpty?: boolean;
  /** Shown instead of the list when the answer holds nothing; its words say why. */
  empty?: ReactNode;
  /** The pages under the list, where the list has more than one. */
  pages?: { label: string; page: number; total: number; onPageChange: (page: number) => void };
  /** What the answer shows; a function is given the answer itself, which has come by then. */
  children: ReactNode | ((data: T) => ReactNode);
};

/**
 * A list or a record read from the server in its states: loading, failed with a retry, empty (a list), and shown
 * (a list with its pages).
 */
export function QueryStates<T>({
  query,
  loading,
  failedTitle,
  isFailed = query.isError,
  isEmpty = false,
  empty,
  pages,
  children,
}: QueryStatesProps<T>) {
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
      {typeof children === 'function' ? query.data !== undefined && children(query.data) : children}
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
