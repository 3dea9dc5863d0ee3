import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressParams } from './address-params.ts';

/** Lets pending promise callbacks run, as they do between two events in a browser, without drawing the screen. */
async function microtasks() {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

describe('search parameter changes', () => {
  it('keeps a change the screen has not drawn yet when a second change follows it', async () => {
    let set: ReturnType<typeof useAddressParams>[1] = () => undefined;
    function Screen() {
      const [params, setParams] = useAddressParams();
      set = setParams;
      return <p>{params.toString()}</p>;
    }
    const router = createMemoryRouter([{ path: '/patients', element: <Screen /> }], { initialEntries: ['/patients'] });
    render(<RouterProvider router={router} />);
    set((current) => {
      current.set('search', 'ada');
      return current;
    });
    await microtasks();
    set((current) => {
      current.set('clinic', 'OTHER1');
      return current;
    });
    await act(async () => {
      await microtasks();
    });
    expect(router.state.location.search).toBe('?search=ada&clinic=OTHER1');
  });
});
