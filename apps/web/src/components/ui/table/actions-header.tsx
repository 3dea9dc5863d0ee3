/** The header of a column of row actions: named for screen readers, blank on the screen. */
export function ActionsHeader({ className }: { className?: string }) {
  return (
    <th scope="col" className={className}>
      <span className="visually-hidden">Actions</span>
    </th>
  );
}
