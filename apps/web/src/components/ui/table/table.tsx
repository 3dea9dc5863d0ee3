import type { ReactNode } from 'react';
import './table.css';

/** A staff data table that scrolls sideways on its own instead of widening the page. */
export function Table({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    // A table wider than the screen scrolls on its own; keyboard users reach it with Tab and scroll with the arrows.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable (WCAG 2.1.1)
    <div className="table-scroll" tabIndex={0}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
