import { can, idSchema } from '@rehabit/contract';
import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import type { SessionUser } from '@web/features/session';
import { useAddressParams } from '@web/lib/address-params.ts';
import dayjs from 'dayjs';
import { useDashboard, type Whose } from '../api/get-dashboard.ts';
import { figuresOf } from '../lib/figures.ts';
import { FigureCards, FigureSkeletons } from './figure-cards.tsx';
import { defaultViewLabel, WhosePicker } from './whose-picker.tsx';
import './dashboard.css';

/** An id in the address, as the API takes ids; anything else is no id. */
const idIn = (value: string | null) => idSchema.safeParse(value ?? '').data ?? null;

/** Whose patients are counted, in words, from the answer once it is there (the server decides the default). */
function whoseTitle(user: SessionUser, answer: { therapist: { id: number; display_name: string } | null } | undefined) {
  if (!answer) return defaultViewLabel(user);
  if (!answer.therapist) return 'All patients of the clinic';
  if (answer.therapist.id === user.id) return 'Your patients';
  return `Patients of ${answer.therapist.display_name}`;
}

/** The therapist dashboard's figures this month, each a link to the patients behind it (decisions 0903, 0910). */
export function DashboardFigures({ user }: { user: SessionUser }) {
  const [params, setParams] = useAddressParams();
  // Therapists always see their own patients and tasks; managers and supervisors may pick a therapist, and their
  // open tasks are the clinic's (as the tasks panel below lists them by default).
  const canPick = can(user.role, 'dashboard.clinic');
  const whose: Whose = {
    therapistId: canPick ? idIn(params.get('therapist_id')) : null,
    isWholeClinic: canPick && params.get('view') === 'clinic',
  };
  const dashboard = useDashboard(whose);
  const data = dashboard.data;
  const title = whoseTitle(user, data);
  const month = data ? dayjs(data.today).format('MMMM YYYY') : null;

  const choose = ({ therapistId, isWholeClinic }: Whose) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (therapistId) next.set('therapist_id', String(therapistId));
        else next.delete('therapist_id');
        // `view`, not `scope`: the tasks panel below keeps its own `scope` in the same address.
        if (isWholeClinic) next.set('view', 'clinic');
        else next.delete('view');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={title} description={`What needs doing ${month ? `in ${month}` : 'this month'}.`} />
      {canPick && <WhosePicker user={user} whose={whose} onChange={choose} />}
      <section className="dashboard-figures" aria-labelledby="figures-title" aria-busy={dashboard.isFetching}>
        <h2 id="figures-title" className="visually-hidden">
          {`Figures of ${month ?? 'this month'}`}
        </h2>
        {dashboard.isPending ? (
          <FigureSkeletons />
        ) : dashboard.isError ? (
          <ErrorState
            title="The figures could not be loaded"
            error={dashboard.error}
            onRetry={() => dashboard.refetch()}
            isRetrying={dashboard.isFetching}
          />
        ) : (
          <FigureCards figures={figuresOf(dashboard.data, canPick)} label={`${title}: ${month}`} />
        )}
      </section>
    </>
  );
}
