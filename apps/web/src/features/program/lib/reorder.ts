/** Moves the element at `from` to `to` (both clamped to the list); returns a new array. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= list.length) return next;
  const target = Math.min(Math.max(to, 0), list.length - 1);
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** The ids in their new order, or null when the move changes nothing. */
export function reorderedIds(ids: readonly number[], id: number, to: number): number[] | null {
  const from = ids.indexOf(id);
  if (from < 0) return null;
  const next = moveItem(ids, from, to);
  return next.every((value, index) => value === ids[index]) ? null : next;
}
