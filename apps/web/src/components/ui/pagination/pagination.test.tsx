import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination.tsx';

const pageNumbers = () =>
  within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => Number(button.textContent));

const ellipses = () => document.querySelectorAll('.pagination__ellipsis').length;

describe('Pagination', () => {
  it('computes pages from 25 per page and shows a window of 2 around the current page', () => {
    render(<Pagination currentPage={5} totalItems={250} onPageChange={() => {}} />);
    // 250 / 25 = 10 pages; window 3..7 with first and last links.
    expect(pageNumbers()).toEqual([1, 3, 4, 5, 6, 7, 10]);
    expect(ellipses()).toBe(2);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
  });

  it('rounds the page count up', () => {
    render(<Pagination currentPage={1} totalItems={26} onPageChange={() => {}} />);
    expect(pageNumbers()).toEqual([1, 2]);
  });

  it('drops the first link and leading ellipsis when the window starts at page 1', () => {
    render(<Pagination currentPage={2} totalItems={250} onPageChange={() => {}} />);
    expect(pageNumbers()).toEqual([1, 2, 3, 4, 10]);
    expect(ellipses()).toBe(1);
  });

  it('drops the last link and trailing ellipsis when the window reaches the end', () => {
    render(<Pagination currentPage={9} totalItems={250} onPageChange={() => {}} />);
    expect(pageNumbers()).toEqual([1, 7, 8, 9, 10]);
    expect(ellipses()).toBe(1);
  });

  it('allows previous only above page 1 and next only below the last page', () => {
    const { rerender } = render(<Pagination currentPage={1} totalItems={75} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    rerender(<Pagination currentPage={3} totalItems={75} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('emits the new page and scrolls smoothly to the top', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination currentPage={2} totalItems={100} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'smooth' });
    expect(window.scrollTo).toHaveBeenCalledTimes(3);
  });

  it('ignores a change to the current page or outside 1..total', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    // The current page is out of range (e.g. after the list shrank): arrows stay within 1..total.
    const { rerender } = render(<Pagination currentPage={2} totalItems={50} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    rerender(<Pagination currentPage={7} totalItems={50} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenCalledTimes(0);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('asks for sign-in instead of paging when login is required and nobody is signed in', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const onOpenAuthModal = vi.fn();
    const { rerender } = render(
      <Pagination
        currentPage={1}
        totalItems={100}
        onPageChange={onPageChange}
        requireLogin
        onOpenAuthModal={onOpenAuthModal}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).not.toHaveBeenCalled();
    expect(onOpenAuthModal).toHaveBeenCalledTimes(1);

    rerender(
      <Pagination
        currentPage={1}
        totalItems={100}
        onPageChange={onPageChange}
        requireLogin
        isLoggedIn
        onOpenAuthModal={onOpenAuthModal}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(onOpenAuthModal).toHaveBeenCalledTimes(1);
  });

  it('allows anonymous paging when login is not required', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination currentPage={1} totalItems={100} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('shows nothing for a single page or none', () => {
    const { container, rerender } = render(<Pagination onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Pagination totalItems={25} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
