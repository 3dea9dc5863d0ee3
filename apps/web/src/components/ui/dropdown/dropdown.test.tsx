import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown, type DropdownOption } from './dropdown.tsx';

const fruits: DropdownOption<string>[] = [
  { value: 'apple', label: 'Apple' },
  { value: 'banana', label: 'Banana' },
  { value: 'blueberry', label: 'Blueberry' },
  { value: 'cherry', label: 'Cherry', disabled: true },
  { value: 'date', label: 'Date' },
];

function Harness({ onChange = () => {}, initial = null }: { onChange?: (v: string) => void; initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <Dropdown
      label="Fruit"
      options={fruits}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('Dropdown', () => {
  it("shows 'Please select' until something is chosen, and a custom placeholder when given", () => {
    const { rerender } = render(<Dropdown label="Fruit" options={fruits} value={null} onChange={() => {}} />);
    expect(screen.getByRole('combobox', { name: 'Fruit' })).toHaveTextContent('Please select');
    rerender(<Dropdown label="Fruit" options={fruits} value={null} onChange={() => {}} placeholder="Any fruit" />);
    expect(screen.getByRole('combobox', { name: 'Fruit' })).toHaveTextContent('Any fruit');
  });

  it('opens a listbox of at most 275px with the listbox roles and states', async () => {
    const user = userEvent.setup();
    render(<Harness initial="banana" />);
    const combo = screen.getByRole('combobox', { name: 'Fruit' });
    expect(combo).toHaveAttribute('aria-expanded', 'false');
    await user.click(combo);
    const list = screen.getByRole('listbox', { name: 'Fruit' });
    expect(combo).toHaveAttribute('aria-expanded', 'true');
    expect(combo).toHaveAttribute('aria-controls', list.id);
    expect(list.style.maxHeight).toBe('275px');
    expect(screen.getByRole('option', { name: 'Banana' })).toHaveAttribute('aria-selected', 'true');
    expect(combo.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Banana' }).id);
  });

  it('chooses with the mouse', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('combobox'));
    await user.click(screen.getByRole('option', { name: 'Date' }));
    expect(onChange).toHaveBeenCalledWith('date');
    expect(screen.getByRole('combobox')).toHaveTextContent('Date');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('works from the keyboard: arrows skip disabled options, Enter chooses, Escape closes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('combobox')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeVisible();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Apple → Banana → Blueberry → (Cherry is disabled) Date
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('date');
    await user.keyboard('{ArrowDown}{Home}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(1);
    await user.keyboard('{End}{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('type-ahead gathers letters and forgets them 350 ms after the last key', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const combo = screen.getByRole('combobox');
    combo.focus();
    fireEvent.keyDown(combo, { key: 'b' });
    fireEvent.keyDown(combo, { key: 'l' });
    expect(combo.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Blueberry' }).id);
    act(() => vi.advanceTimersByTime(349));
    // Still within the run: 'blu' stays on Blueberry.
    fireEvent.keyDown(combo, { key: 'u' });
    expect(combo.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Blueberry' }).id);
    act(() => vi.advanceTimersByTime(350));
    // The run was forgotten: 'a' starts afresh at Apple instead of looking for 'blua'.
    fireEvent.keyDown(combo, { key: 'a' });
    expect(combo.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Apple' }).id);
    fireEvent.keyDown(combo, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('apple');
  });

  it('says what is wrong and links the message to the control', () => {
    render(<Dropdown label="Role" options={fruits} value={null} onChange={() => {}} error="Choose a role" required />);
    const combo = screen.getByRole('combobox', { name: /Role/ });
    expect(combo).toHaveAttribute('aria-invalid', 'true');
    expect(combo).toHaveAttribute('aria-required', 'true');
    expect(combo).toHaveAccessibleDescription('Choose a role');
  });

  it('does nothing while disabled', async () => {
    const user = userEvent.setup();
    render(<Dropdown label="Fruit" options={fruits} value={null} onChange={() => {}} disabled />);
    await user.click(screen.getByRole('combobox'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
