import { act, render, screen } from '@testing-library/react';
import { notify } from '@web/lib/notify.ts';
import { describe, expect, it } from 'vitest';
import { toasterSettings } from './toast-container.tsx';
import { Toaster } from './toaster.tsx';

describe('Toaster', () => {
  it('uses the product settings', () => {
    expect(toasterSettings).toEqual({
      limit: 5,
      draggable: false,
      icon: false,
      toastClassName: 'rehabit-toast',
      autoClose: 5000,
      newestOnTop: true,
      position: 'top-right',
      closeOnClick: true,
      pauseOnHover: true,
      pauseOnFocusLoss: true,
    });
  });

  it.each(['success', 'error', 'warning', 'info', 'default'] as const)(
    'shows a %s toast with its message',
    async (type) => {
      render(<Toaster />);
      act(() => {
        notify(`A ${type} message`, type);
      });
      const toast = await screen.findByText(`A ${type} message`);
      const container = toast.closest('.rehabit-toast');
      expect(container).not.toBeNull();
      expect(container).toHaveClass(`Toastify__toast--${type}`);
      expect(container?.querySelector('.Toastify__toast-icon')).toBeNull();
    },
  );

  it("names its region in the page's language, and follows a change of language", async () => {
    document.documentElement.lang = 'es';
    render(<Toaster />);
    act(() => {
      notify.info('Guardado');
    });
    expect(await screen.findByRole('region', { name: 'Notificaciones Alt+T' })).toBeInTheDocument();
    act(() => {
      document.documentElement.lang = 'en';
    });
    expect(await screen.findByRole('region', { name: 'Notifications Alt+T' })).toBeInTheDocument();
  });

  it('shows at most five at once', async () => {
    render(<Toaster />);
    act(() => {
      for (let index = 1; index <= 7; index++) notify.info(`Message ${index}`);
    });
    await screen.findByText('Message 5');
    expect(document.querySelectorAll('.rehabit-toast')).toHaveLength(5);
  });
});
