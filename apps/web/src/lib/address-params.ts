import { useCallback, useContext } from 'react';
import { type SetURLSearchParams, UNSAFE_DataRouterContext, useSearchParams } from 'react-router';

/**
 * The address's search parameters, as React Router's `useSearchParams` gives them, except that a change written as a
 * function is handed the address as it is now, not as it was at the last render. A change navigates at once but is
 * drawn later, in a transition that a busy device puts off; a second change before that render (a clinic chosen just
 * as a typed search was written) would otherwise start from the older address and drop the first.
 */
export function useAddressParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const change = useCallback<SetURLSearchParams>(
    (next, options) =>
      setParams(
        typeof next === 'function'
          ? () => next(new URLSearchParams(dataRouter?.router.state.location.search ?? params))
          : next,
        options,
      ),
    [setParams, dataRouter, params],
  );
  return [params, change];
}
