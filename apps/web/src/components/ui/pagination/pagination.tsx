import { DEFAULT_PAGE_SIZE, DEFAULT_PAGE_WINDOW, isValidPageChange, pageWindow, totalPages } from '@rehabit/contract';
import { scrollToTop } from '@web/lib/scroll.ts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import './pagination.css';

type PaginationProps = {
  /** 1-based. */
  currentPage?: number;
  totalItems?: number;
  perPage?: number;
  windowSize?: number;
  onPageChange: (page: number) => void;
  /** When set, paging needs a signed-in user; without one the auth prompt is asked for instead. */
  requireLogin?: boolean;
  isLoggedIn?: boolean;
  onOpenAuthModal?: () => void;
  label?: string;
};

export function Pagination({
  currentPage = 1,
  totalItems = 0,
  perPage = DEFAULT_PAGE_SIZE,
  windowSize = DEFAULT_PAGE_WINDOW,
  onPageChange,
  requireLogin = false,
  isLoggedIn = false,
  onOpenAuthModal,
  label = 'Pagination',
}: PaginationProps) {
  const pageCount = totalPages(totalItems, perPage);
  if (pageCount <= 1) return null;
  const state = pageWindow(currentPage, pageCount, windowSize);

  const change = (page: number) => {
    if (!isValidPageChange(page, currentPage, pageCount)) return;
    if (requireLogin && !isLoggedIn) {
      onOpenAuthModal?.();
      return;
    }
    onPageChange(page);
    scrollToTop();
  };

  const pageButton = (page: number) => (
    <li key={page}>
      <button
        type="button"
        className="pagination__page tabular"
        aria-label={`Page ${page}`}
        aria-current={page === currentPage ? 'page' : undefined}
        onClick={() => change(page)}
      >
        {page}
      </button>
    </li>
  );

  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        <li>
          <button
            type="button"
            className="pagination__arrow"
            aria-label="Previous page"
            disabled={!state.canGoPrevious}
            onClick={() => change(currentPage - 1)}
          >
            <ChevronLeft size={18} aria-hidden="true" />
          </button>
        </li>
        {state.showFirst && pageButton(1)}
        {state.showLeadingEllipsis && (
          <li className="pagination__ellipsis" aria-hidden="true">
            …
          </li>
        )}
        {state.pages.map(pageButton)}
        {state.showTrailingEllipsis && (
          <li className="pagination__ellipsis" aria-hidden="true">
            …
          </li>
        )}
        {state.showLast && pageButton(pageCount)}
        <li>
          <button
            type="button"
            className="pagination__arrow"
            aria-label="Next page"
            disabled={!state.canGoNext}
            onClick={() => change(currentPage + 1)}
          >
            <ChevronRight size={18} aria-hidden="true" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
