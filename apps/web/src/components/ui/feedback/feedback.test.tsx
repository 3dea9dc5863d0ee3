import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@web/lib/api-error.ts';
import { Inbox } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { SkeletonList } from './skeleton.tsx';

describe('list states', () => {
  it('loading: skeleton rows announced once as loading', () => {
    render(<SkeletonList rows={3} label="Loading patients" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading patients');
    expect(document.querySelectorAll('.skeleton-row')).toHaveLength(3);
  });

  it('empty: a sentence and the next action', () => {
    render(
      <EmptyState
        icon={Inbox}
        title="No tasks"
        description="New follow-ups land here."
        action={<button type="button">Add task</button>}
      />,
    );
    const region = screen.getByRole('region', { name: 'No tasks' });
    expect(region).toHaveTextContent('New follow-ups land here.');
    expect(screen.getByRole('button', { name: 'Add task' })).toBeInTheDocument();
  });

  it('error: what failed and a retry', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const error = new ApiError({
      type: 'about:blank',
      title: 'Down',
      status: 503,
      code: 'database_unavailable',
      detail: 'The database is not answering.',
    });
    render(<ErrorState title="Patients could not be loaded" error={error} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Patients could not be loadedThe database is not answering.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
