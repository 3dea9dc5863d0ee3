import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewPill } from './new-pill.tsx';
import { RoundBadge } from './round-badge.tsx';

const offsets = (element: HTMLElement) => [
  element.style.getPropertyValue('--badge-x'),
  element.style.getPropertyValue('--badge-y'),
];

describe.each([
  ['RoundBadge', RoundBadge, 'round-badge'],
  ['NewPill', NewPill, 'new-pill'],
] as const)('%s', (_name, Badge, testId) => {
  it('is shown only when active', () => {
    const { rerender } = render(<Badge isActive={false} />);
    expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
    rerender(<Badge isActive />);
    expect(screen.getByTestId(testId)).toBeInTheDocument();
  });

  it.each([
    ['big', 'badge--big'],
    ['normal', 'badge--normal'],
    ['huge', 'badge--normal'],
    [undefined, 'badge--normal'],
  ])('size %s → %s', (size, className) => {
    render(<Badge isActive size={size} />);
    expect(screen.getByTestId(testId)).toHaveClass(className);
  });

  it.each([
    [undefined, undefined, ['0px', '-20px']],
    ['6px', '-4px', ['6px', '-4px']],
    ['6', '4em', ['0px', '-20px']],
    ['-12px', '1.5px', ['-12px', '-20px']],
  ])('offsets %s / %s → %o', (x, y, expected) => {
    render(<Badge isActive x={x} y={y} />);
    expect(offsets(screen.getByTestId(testId))).toEqual(expected);
  });
});

it("the round badge shows '1' and names its meaning for screen readers", () => {
  render(<RoundBadge isActive />);
  expect(screen.getByTestId('round-badge')).toHaveTextContent('1New billing file');
});

it("the pill reads 'New'", () => {
  render(<NewPill isActive />);
  expect(screen.getByTestId('new-pill')).toHaveTextContent('New');
});
