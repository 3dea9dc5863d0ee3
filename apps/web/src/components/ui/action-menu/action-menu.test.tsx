import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from '../switch/switch.tsx';
import { ActionMenu } from './action-menu.tsx';

describe('ActionMenu', () => {
  it('opens a labelled menu, moves with the arrows, and chooses with Enter', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    const onRemove = vi.fn();
    render(
      <ActionMenu
        label="Actions for Maria Garcia"
        items={[
          { key: 'edit', label: 'Edit details', onSelect: onEdit },
          { key: 'remove', label: 'Remove', onSelect: onRemove, tone: 'danger' },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'Actions for Maria Garcia' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Edit details' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Remove' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit details' })).toHaveFocus();
    await user.keyboard('{End}{Enter}');
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(onEdit).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes on Escape and on a click elsewhere', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ActionMenu label="Actions" items={[{ key: 'a', label: 'Do it', onSelect: () => {} }]} />
        <p>Elsewhere</p>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Actions' });
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('Switch', () => {
  it('is a labelled switch that says its state in words', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Switch label="RTM coverage" checked={false} onChange={onChange} onText="Covered" offText="No" />);
    const toggle = screen.getByRole('switch', { name: 'RTM coverage' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveTextContent('No');
    await user.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('cannot be switched while busy', () => {
    render(<Switch label="Access" checked onChange={() => {}} isBusy />);
    expect(screen.getByRole('switch', { name: 'Access' })).toBeDisabled();
  });
});
