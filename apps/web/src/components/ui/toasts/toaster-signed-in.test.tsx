import { render, waitFor } from '@testing-library/react';
import { useAuthStore } from '@web/features/session';
import { expect, it } from 'vitest';
import { Toaster } from './toaster.tsx';

// A file of its own: the toast library loads once per page, so this needs a page where it has not loaded yet.
it('loads toasts once someone is signed in, so a toast later needs no download', async () => {
  useAuthStore.setState({ token: 'a-session-token' });
  render(<Toaster />);

  await waitFor(() => expect(document.querySelector('.Toastify')).not.toBeNull());
});
