import { type ListedPatientStatus, listedPatientStatusSchema } from '@rehabit/contract';
import { useSearchParams } from 'react-router';

/** The list's search, filters and page live in the address, so a reload or a shared link keeps them. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const parsedStatus = listedPatientStatusSchema.safeParse(params.get('status'));
  const status: ListedPatientStatus | '' = parsedStatus.success ? parsedStatus.data : '';
  const search = params.get('search') ?? '';
  // `rtm=close`: only patients close to an RTM threshold this month.
  const rtm: 'close' | '' = params.get('rtm') === 'close' ? 'close' : '';
  // `call=needed`: no live call this month; `chat=outdated`: no message for 30 days (decision 0901).
  const callFilter: 'needed' | '' = params.get('call') === 'needed' ? 'needed' : '';
  const chat: 'outdated' | '' = params.get('chat') === 'outdated' ? 'outdated' : '';

  const update = (changes: {
    search?: string;
    status?: ListedPatientStatus | '';
    rtm?: 'close' | '';
    call?: 'needed' | '';
    chat?: 'outdated' | '';
    page?: number;
  }) =>
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

  return { page, status, search, rtm, call: callFilter, chat, update };
}
