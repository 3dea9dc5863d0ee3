import type { BillingUnits, ClosedMonthCorrections } from '@rehabit/contract';
import { formatMonth } from '@web/components/ui/month-picker/months.ts';
import { Pagination } from '@web/components/ui/pagination/pagination.tsx';
import { useIsMobile } from '@web/lib/device.ts';
import { BillingPatientCards } from './billing-patient-cards.tsx';
import { BillingPatientTable } from './billing-patient-table.tsx';

type BillingPatientsProps = {
  data: BillingUnits;
  /** The month shown, `YYYY-MM`. */
  month: string;
  page: number;
  onPageChange: (page: number) => void;
  /** Another page is on its way: the rows shown are the previous page's. */
  isFetching: boolean;
  /** The month's corrections after its close, when closed: each patient's filed and recomputed figures. */
  corrections: ClosedMonthCorrections | null;
};

/** The patients who bill in the month, a page at a time, by name: what each bills, why, by whom, for how much. */
export function BillingPatients({ data, month, page, onPageChange, isFetching, corrections }: BillingPatientsProps) {
  const isMobile = useIsMobile();
  const effects = new Map((corrections?.effects ?? []).map((effect) => [effect.patient.id, effect]));
  const rows = { rows: data.results, month, effects };
  return (
    <section
      className="section-card billing-patients"
      aria-labelledby="billing-patients-title"
      aria-busy={isFetching || undefined}
    >
      <h2 id="billing-patients-title" className="section-card__title">
        Patients who bill in {formatMonth(month)}
      </h2>
      {isMobile ? <BillingPatientCards {...rows} /> : <BillingPatientTable {...rows} />}
      <Pagination
        label="Patients who bill, pages"
        currentPage={page}
        totalItems={data.count}
        onPageChange={onPageChange}
      />
    </section>
  );
}
