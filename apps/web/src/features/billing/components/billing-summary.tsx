import {
  type BillingUnits,
  billingCodeNames,
  type ClosedMonthCorrections,
  paymentPerUnitRule,
} from '@rehabit/contract';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { formatClinicTime } from '@web/components/ui/format/clinic-time.ts';
import { Currency } from '@web/components/ui/format/currency.tsx';
import { formatCurrency } from '@web/components/ui/format/format.ts';
import { formatMonth } from '@web/components/ui/month-picker/months.ts';
import { Table } from '@web/components/ui/table/table.tsx';
import { useIsMobile } from '@web/lib/device.ts';
import { unitsText } from './billing-labels.ts';
import { FiledNow } from './billing-patient-parts.tsx';

type BillingSummaryProps = { data: BillingUnits; month: string; corrections: ClosedMonthCorrections | null };

/**
 * The month's units per code with the clinic's rate and the expected payment, and the month's total. A closed
 * month's are its filed figures (decision 1285), with the payment recomputed now beside them when a correction after
 * the close moved it.
 */
export function BillingSummary({ data, month, corrections }: BillingSummaryProps) {
  const isMobile = useIsMobile();
  const title = `Units of ${formatMonth(month)}`;
  return (
    <section className="section-card" aria-labelledby="billing-units-title">
      <h2 id="billing-units-title" className="section-card__title">
        {title}
      </h2>
      {data.signed_at ? (
        <Alert tone="success" title="Signed figures, as filed">
          {formatMonth(month)} is signed off: these are the figures signed, frozen since. Changes made afterwards are
          listed apart, with their effect, and never alter them.
        </Alert>
      ) : (
        data.filed_at && (
          <Alert title="Filed figures, as in the billing file">
            {formatMonth(month)} was filed on {formatClinicTime(data.filed_at, data.timezone, 'dateTime')}: these are
            the figures its billing file was made from, and they stay as filed. Calls logged into the month or deleted
            from it afterwards, and rate changes, are post-close corrections, listed apart with their effect.
          </Alert>
        )
      )}
      {data.is_provisional && (
        <Alert title="Provisional — the month is still running">
          These figures are on the data so far and can change until the month closes in the clinic’s timezone (
          {data.timezone}).
        </Alert>
      )}
      <dl className="billing-totals" aria-label={`Totals of ${formatMonth(month)}`}>
        <div>
          <dt>Expected payment</dt>
          <dd className="billing-totals__money">
            <Currency value={data.expected_payment} />
          </dd>
          {corrections && (
            <dd className="billing-totals__now">
              <FiledNow
                filed={corrections.expected_payment.filed}
                live={corrections.expected_payment.live}
                format={formatCurrency}
              />
            </dd>
          )}
        </div>
        <div>
          <dt>Units</dt>
          <dd className="tabular">{data.units}</dd>
        </div>
        <div>
          <dt>Patients</dt>
          <dd className="tabular">{data.count}</dd>
        </div>
      </dl>
      {isMobile ? (
        <CodeList data={data} title={title} />
      ) : (
        <Table caption={`${title}, per code`}>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Service</th>
              <th scope="col" className="data-table__number">
                Units
              </th>
              <th scope="col" className="data-table__number">
                Rate
              </th>
              <th scope="col" className="data-table__number">
                Paid per unit
              </th>
              <th scope="col" className="data-table__number">
                Expected payment
              </th>
            </tr>
          </thead>
          <tbody>
            {data.codes.map((total) => (
              <tr key={total.code}>
                <th scope="row" className="tabular">
                  {total.code}
                </th>
                <td>{billingCodeNames[total.code]}</td>
                <td className="data-table__number tabular">{total.units}</td>
                <td className="data-table__number">
                  <Currency value={total.rate} />
                </td>
                <td className="data-table__number">
                  <Currency value={total.payment_per_unit} />
                </td>
                <td className="data-table__number">
                  <Currency value={total.expected_payment} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Total
              </th>
              <td className="data-table__number tabular">{data.units}</td>
              <td />
              <td />
              <td className="data-table__number">
                <Currency value={data.expected_payment} />
              </td>
            </tr>
          </tfoot>
        </Table>
      )}
      <p className="billing-note">Expected payment is units × the payment per unit: {paymentPerUnitRule}.</p>
    </section>
  );
}

/** Phones: each code on its own lines instead of a five-column table. */
function CodeList({ data, title }: { data: BillingUnits; title: string }) {
  return (
    <ul className="billing-code-list" aria-label={`${title}, per code`}>
      {data.codes.map((total) => (
        <li key={total.code}>
          <span className="billing-code-list__line">
            <strong className="tabular">{total.code}</strong>
            <Currency value={total.expected_payment} />
          </span>
          <span className="billing-code-list__meta">
            {billingCodeNames[total.code]} · {unitsText(total.units)} × <Currency value={total.payment_per_unit} /> (
            <Currency value={total.rate} /> rate)
          </span>
        </li>
      ))}
      <li>
        <span className="billing-code-list__line">
          <span>Total, {unitsText(data.units)}</span>
          <Currency value={data.expected_payment} />
        </span>
      </li>
    </ul>
  );
}
