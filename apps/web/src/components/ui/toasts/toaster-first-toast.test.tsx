import { act, render, screen } from '@testing-library/react';
import { notify } from '@web/lib/notify.ts';
import { expect, it } from 'vitest';
import { Toaster } from './toaster.tsx';

// A file of its own: the toast library loads once per page, so this needs a page where no toast was asked for yet.
it('puts no container on the page before the first toast, and shows the toasts asked for while it loads', async () => {
  render(<Toaster />);
  expect(document.querySelector('.Toastify')).toBeNull();

  act(() => {
    notify.error('Could not save');
    notify.success('Saved');
  });

  expect(await screen.findByText('Could not save')).toBeInTheDocument();
  expect(screen.getByText('Saved')).toBeInTheDocument();
});
