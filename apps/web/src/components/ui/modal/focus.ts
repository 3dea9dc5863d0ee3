const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Elements inside `root` that Tab can reach, in document order. */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => !element.closest('[hidden], [inert]') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/** Keeps Tab and Shift+Tab cycling inside `root`. Returns true when it moved focus itself. */
export function trapTab(root: HTMLElement, isBackward: boolean): boolean {
  const items = tabbables(root);
  if (items.length === 0) {
    root.focus();
    return true;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  const isInside = active instanceof HTMLElement && root.contains(active);
  if (isBackward && (active === first || !isInside || active === root)) {
    last.focus();
    return true;
  }
  if (!isBackward && (active === last || !isInside)) {
    first.focus();
    return true;
  }
  return false;
}
