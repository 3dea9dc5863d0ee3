import { idSchema, type ListedPatientStatus, listedPatientStatusSchema } from '@rehabit/contract';
import { useAddressParams } from '@web/lib/address-params.ts';

export type RtmFilter = 'close' | 'ready' | '';
export type BillableFilter = 'yes' | 'no' | '';

type ListChanges = {
  search?: string;
  status?: ListedPatientStatus | '';
  therapist_id?: number | '';
  rtm?: RtmFilter;
  billable?: BillableFilter;
  call?: 'needed' | '';
  chat?: 'outdated' | '';
  data?: 'quiet' | '';
  page?: number;
};

/** Every filter cleared: what "Clear filters" asks for. */
export const noFilters = {
  search: '',
  status: '',
  therapist_id: '',
  rtm: '',
  billable: '',
  call: '',
  chat: '',
  data: '',
} as const satisfies ListChanges;

/** An id in the address, as the API takes ids; anything else is no id. */
const idIn = (value: string | null) => idSchema.safeParse(value ?? '').data ?? '';

/** The list's search, filters and page live in the address, so a reload or a shared link keeps them. */
export function useListParams() {
  const [params, setParams] = useAddressParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const parsedStatus = listedPatientStatusSchema.safeParse(params.get('status'));
  const status: ListedPatientStatus | '' = parsedStatus.success ? parsedStatus.data : '';
  const search = params.get('search') ?? '';
  // The patients of one treating therapist (the dashboard's figures link here with it).
  const therapistId: number | '' = idIn(params.get('therapist_id'));
  // `rtm=close`: close to an RTM threshold this month; `rtm=ready`: a code is met now (decision 0903).
  const rtmParam = params.get('rtm');
  const rtm: RtmFilter = rtmParam === 'close' || rtmParam === 'ready' ? rtmParam : '';
  // `billable=yes`: covered for RTM and consented; `billable=no`: the others, who bill nothing (decision 1240).
  const billableParam = params.get('billable');
  const billable: BillableFilter = billableParam === 'yes' || billableParam === 'no' ? billableParam : '';
  // `call=needed`: no live call this month; `chat=outdated`: no message for 30 days (decision 0901).
  const callFilter: 'needed' | '' = params.get('call') === 'needed' ? 'needed' : '';
  const chat: 'outdated' | '' = params.get('chat') === 'outdated' ? 'outdated' : '';
  // `data=quiet`: no data day for 7 days (decision 0903).
  const data: 'quiet' | '' = params.get('data') === 'quiet' ? 'quiet' : '';

  const update = (changes: ListChanges) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '' || value === undefined || (key === 'page' && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        // A new filter starts again at the first page.
        if (changes.page === undefined) next.delete('page');
        return next;
      },
      { replace: true },
    );

  return { page, status, search, therapistId, rtm, billable, call: callFilter, chat, data, update };
}
