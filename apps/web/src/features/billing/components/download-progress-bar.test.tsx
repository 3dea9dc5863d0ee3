import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DownloadProgressBar } from './download-progress-bar.tsx';

describe('the download’s progress', () => {
  it('is a determinate bar when the size is known, never past the end', () => {
    const { rerender } = render(<DownloadProgressBar progress={{ loaded: 450, total: 1000 }} />);
    const bar = screen.getByRole('progressbar', { name: 'Downloading the billing file' });
    expect(bar).toHaveAttribute('value', '45');
    expect(screen.getByText('Downloading… 45 %')).toBeVisible();
    rerender(<DownloadProgressBar progress={{ loaded: 1500, total: 1000 }} />);
    expect(screen.getByText('Downloading… 100 %')).toBeVisible();
  });

  it('is an indeterminate bar with the bytes so far when the size is not known', () => {
    render(<DownloadProgressBar progress={{ loaded: 300 * 1024, total: null }} />);
    expect(screen.getByRole('progressbar', { name: 'Downloading the billing file' })).not.toHaveAttribute('value');
    expect(screen.getByText('Downloading… 300 KB')).toBeVisible();
  });
});
