import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryStates } from './query-states.tsx';

const settled = { isPending: false, isError: false, error: null, isFetching: false, refetch: () => undefined };

describe('QueryStates', () => {
  it('shows a record once it has come, handing its answer to the view', () => {
    render(
      <QueryStates
        query={{ ...settled, data: { name: 'Northside' } }}
        loading={{ rows: 2, label: 'Loading' }}
        failedTitle="Failed"
      >
        {(clinic) => <p>{clinic.name}</p>}
      </QueryStates>,
    );
    expect(screen.getByText('Northside')).toBeInTheDocument();
  });

  it('holds the view back while the answer is on its way', () => {
    const view = vi.fn(() => <p>shown</p>);
    render(
      <QueryStates
        query={{ ...settled, isPending: true }}
        loading={{ rows: 2, label: 'Loading the clinic' }}
        failedTitle="Failed"
      >
        {view}
      </QueryStates>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading the clinic');
    expect(view).not.toHaveBeenCalled();
  });

  it('says what failed and asks again, even with an earlier answer at hand', async () => {
    const refetch = vi.fn();
    render(
      <QueryStates
        query={{ ...settled, isError: true, error: new Error('offline'), refetch, data: { name: 'Northside' } }}
        loading={{ rows: 2, label: 'Loading' }}
        failedTitle="The clinic could not be loaded"
      >
        {(clinic) => <p>{clinic.name}</p>}
      </QueryStates>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The clinic could not be loaded');
    expect(screen.queryByText('Northside')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state of a list that holds nothing', () => {
    render(
      <QueryStates
        query={settled}
        loading={{ rows: 2, label: 'Loading' }}
        failedTitle="Failed"
        isEmpty
        empty={<p>No tasks</p>}
      >
        <p>the list</p>
      </QueryStates>,
    );
    expect(screen.getByText('No tasks')).toBeInTheDocument();
    expect(screen.queryByText('the list')).not.toBeInTheDocument();
  });
});
