import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Currency } from './currency.tsx';
import { DateDisplay } from './date-display.tsx';
import { ageInYears, formatCurrency, formatDate, formatPhone } from './format.ts';

describe('formatCurrency', () => {
  it.each([
    [12, '$12.00'],
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    ['19.9', '$19.90'],
    [-3.25, '-$3.25'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['abc', ''],
  ])('%s → %s', (value, text) => {
    expect(formatCurrency(value)).toBe(text);
  });

  it('renders nothing without a value', () => {
    expect(render(<Currency value={null} />).container).toBeEmptyDOMElement();
    expect(render(<Currency value={42.1} />).container).toHaveTextContent('$42.10');
  });
});

describe('formatDate', () => {
  it.each([
    ['2025-03-04', 'Mar 4, 2025'],
    ['2025-03-04T23:59:59Z', 'Mar 4, 2025'],
    ['2025-12-31T00:30:00+14:00', 'Dec 31, 2025'],
    [new Date(2024, 0, 15, 18, 45), 'Jan 15, 2024'],
    [null, ''],
    ['', ''],
    ['not a date', ''],
  ])('%s → %s', (value, text) => {
    expect(formatDate(value)).toBe(text);
  });

  it('renders a <time> element without the time part', () => {
    const { container } = render(<DateDisplay value="2025-07-09T10:11:12Z" />);
    const time = container.querySelector('time');
    expect(time).toHaveTextContent('Jul 9, 2025');
    expect(time).toHaveAttribute('datetime', '2025-07-09');
    expect(render(<DateDisplay value={undefined} />).container).toBeEmptyDOMElement();
  });
});

describe('ageInYears', () => {
  const on = new Date(2025, 5, 15);
  it.each([
    ['1950-06-15', 75],
    ['1950-06-16', 74],
    ['2000-02-29', 25],
    ['2025-06-15', 0],
    ['2025-06-16', null],
    [null, null],
    ['nonsense', null],
  ])('%s → %s', (birthday, age) => {
    expect(ageInYears(birthday, on)).toBe(age);
  });
});

describe('formatPhone', () => {
  it.each([
    ['+1', '5551234567', '+1 (555) 123-4567'],
    ['+1', '555123456', '+1 555123456'],
    ['+44', '7911123456', '+44 7911123456'],
    ['+52', '55 1234 5678', '+52 5512345678'],
  ])('%s %s → %s', (code, digits, text) => {
    expect(formatPhone(code, digits)).toBe(text);
  });
});
