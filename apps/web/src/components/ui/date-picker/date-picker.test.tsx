import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker } from './date-picker.tsx';

function Harness({ onChange = () => {} }: { onChange?: (date: Date | null) => void }) {
  const [value, setValue] = useState<Date | null>(new Date(2025, 2, 4));
  return (
    <DatePicker
      label="Visit date"
      value={value}
      onChange={(date) => {
        setValue(date);
        onChange(date);
      }}
    />
  );
}

const setWidth = (width: number) =>
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });

describe('DatePicker', () => {
  it('shows the date as MMM D, YYYY and is labelled', () => {
    render(<Harness />);
    expect(screen.getByLabelText('Visit date')).toHaveValue('Mar 4, 2025');
  });

  it('picks a day from the calendar', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByLabelText('Visit date'));
    await user.click(screen.getByRole('button', { name: /March 10th, 2025/ }));
    expect(onChange).toHaveBeenCalledWith(new Date(2025, 2, 10));
    expect(screen.getByLabelText('Visit date')).toHaveValue('Mar 10, 2025');
  });

  it('positions the calendar specially at 768 px or less', async () => {
    const user = userEvent.setup();
    setWidth(768);
    render(<Harness />);
    await user.click(screen.getByLabelText('Visit date'));
    expect(document.querySelector('.date-picker__popper')).toHaveClass('date-picker__popper--narrow');
    setWidth(1024);
    expect(document.querySelector('.date-picker__popper')).not.toHaveClass('date-picker__popper--narrow');
  });
});
