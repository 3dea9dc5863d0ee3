import { vi } from 'vitest';

/** Stands in for the browser's saving of a file: answers the link clicked and the blob it pointed to. */
export function catchSavedFiles() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:saved');
  // A URL of its own for the test, so the real one is left as it was.
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = createObjectURL;
      static override revokeObjectURL = vi.fn();
    },
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return {
    click,
    /** The link the file was saved through, once clicked. */
    link: () => click.mock.contexts[0] as HTMLAnchorElement,
    blob: () => createObjectURL.mock.calls[0]![0],
  };
}

/** A CSV file as the server sends an export: an attachment with its name. */
export const csvFile = (filename: string, body: string) => ({
  body,
  contentType: 'text/csv; charset=utf-8',
  headers: { 'content-disposition': `attachment; filename="${filename}"` },
});
