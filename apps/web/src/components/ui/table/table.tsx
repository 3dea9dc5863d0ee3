import type { ReactNode } from 'react';
import './table.css';

/** A staff data table that scrolls sideways on its own instead of widening the page. */
export function Table({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
