import { Download } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from './button.tsx';

/** A button that fetches a file to save (a CSV, the billing file): the download icon, a spinner while it comes. */
export function DownloadButton(props: Omit<ComponentProps<typeof Button>, 'icon'>) {
  return <Button icon={<Download size={16} aria-hidden="true" />} {...props} />;
}
