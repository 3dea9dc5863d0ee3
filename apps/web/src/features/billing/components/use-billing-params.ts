import { clinicCodeSchema } from '@rehabit/contract';
import { isMonth } from '@web/components/ui/month-picker/months.ts';
import { useAddressParams } from '@web/lib/address-params.ts';

/** The screen's two views: the clinic's RTM billing, and its staff's pay. */
export type BalancesView = 'billing' | 'staff';

type Changes = { month?: string; page?: number; clinic?: string; view?: BalancesView };

/**
 * The screen's view, month, page and (for admins) clinic live in the address, so a reload or a shared link keeps
 * them.
 */
export function useBillingParams() {
  const [params, setParams] = useAddressParams();
  const month = params.get('month');
  const clinic = clinicCodeSchema.safeParse(params.get('clinic') ?? '');

  const update = (changes: Changes) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || (key === 'page' && value === 1) || (key === 'view' && value === 'billing')) {
            next.delete(key);
          } else next.set(key, String(value));
        }
        // Another view, month or clinic starts again at the first page.
        if (changes.page === undefined) next.delete('page');
        return next;
      },
      { replace: true },
    );

  return {
    month: isMonth(month) ? month : null,
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    clinic: clinic.success ? clinic.data : null,
    view: (params.get('view') === 'staff' ? 'staff' : 'billing') as BalancesView,
    update,
  };
}
