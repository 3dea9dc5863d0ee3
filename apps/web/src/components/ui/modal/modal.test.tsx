import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown } from '../dropdown/dropdown.tsx';
import { Modal } from './modal.tsx';

function Harness({ zIndex, onClose = () => {} }: { zIndex?: number; onClose?: () => void }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        isOpen={isOpen}
        zIndex={zIndex}
        title="Confirm"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        footer={<button type="button">Save</button>}
      >
        <label>
          Note <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(<Modal isOpen={false} onClose={() => {}} title="Hidden" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stacks at z-index 100 with its content 10 above, or at a given base', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByTestId('modal-layer').style.zIndex).toBe('100');
    expect(screen.getByRole('dialog').style.zIndex).toBe('110');
    unmount();
    render(<Harness zIndex={300} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByTestId('modal-layer').style.zIndex).toBe('300');
    expect(screen.getByRole('dialog').style.zIndex).toBe('310');
  });

  it('is a labelled modal dialog that takes focus and gives it back on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('leaves an Escape to a list inside that closes itself with it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Modal isOpen onClose={onClose} title="Choose">
        <Dropdown label="Fruit" options={[{ value: 'apple', label: 'Apple' }]} value={null} onChange={() => {}} />
      </Modal>,
    );
    await user.click(screen.getByRole('combobox', { name: 'Fruit' }));
    expect(screen.getByRole('listbox', { name: 'Fruit' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Fruit' })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const field = screen.getByRole('textbox', { name: 'Note' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(field).toHaveFocus();
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('closes from the close button and from a click outside', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const backdrop = document.querySelector('.modal__backdrop');
    await user.click(backdrop as Element);
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
