import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type ChangeOptions, useChangeMutation } from './change-mutation.ts';

function setUp<TData>(options: ChangeOptions<TData, void, unknown>) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidated: unknown[] = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters);
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useChangeMutation(options), { wrapper });
  return { result, invalidated };
}

describe('useChangeMutation', () => {
  it('reads the stale queries again after the hook’s own onSuccess, and not those of a failure', async () => {
    const order: string[] = [];
    const { result, invalidated } = setUp({
      mutationFn: async () => 'saved',
      onSuccess: () => {
        order.push(`onSuccess with ${invalidated.length} read again`);
      },
      stale: [['staff'], { queryKey: ['patients', 3], exact: true }],
      staleAfterFailure: [['billing']],
    });
    await act(() => result.current.mutateAsync());
    expect(order).toEqual(['onSuccess with 0 read again']);
    expect(invalidated).toEqual([{ queryKey: ['staff'] }, { queryKey: ['patients', 3], exact: true }]);
  });

  it('reads only what a failure may have moved when the change is refused', async () => {
    const { result, invalidated } = setUp({
      mutationFn: async () => {
        throw new Error('refused');
      },
      stale: [['staff']],
      staleAfterFailure: [['billing']],
    });
    await act(() => expect(result.current.mutateAsync()).rejects.toThrow('refused'));
    expect(invalidated).toEqual([{ queryKey: ['billing'] }]);
  });
});
