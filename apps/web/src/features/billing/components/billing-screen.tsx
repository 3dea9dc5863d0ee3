import { BILLING_FIRST_MONTH, can, clinicMonthOf } from '@rehabit/contract';
import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { MonthPicker } from '@web/components/ui/month-picker/month-picker.tsx';
import { ClinicPicker, useClinic } from '@web/features/clinics';
import type { SessionUser } from '@web/features/session';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { BillingChartSection } from './billing-chart-section.tsx';
import { BillingFileCard } from './billing-file-card.tsx';
import { BillingMonth } from './billing-month.tsx';
import { FhirExportCard } from './fhir-export-card.tsx';
import { PostCloseCorrections } from './post-close-corrections.tsx';
import { SignOffCard } from './sign-off-card.tsx';
import { type BalancesView, useBillingParams } from './use-billing-params.ts';
import './billing.css';

/** What the staff pay view is given: the clinic and month the toolbar picked, and the address's page. */
export type StaffPayView = {
  clinic: string | null;
  month: string;
  page: number;
  onPageChange: (page: number) => void;
};

type BillingScreenProps = {
  user: SessionUser;
  /** The staff pay view, mounted by the route; it shares the screen's clinic and month. */
  staffPay?: (view: StaffPayView) => ReactNode;
  /** The clinic's billing settings, mounted by the route for those who may see them; given the admin's clinic. */
  settings?: (clinicCode: string | null) => ReactNode;
};

/**
 * The balances dashboard (decisions 0804 and 1001): a month's billing units and expected payment, the patients behind
 * them, the month's billing file, and the year by month; beside it, the staff's pay of the month. Admins see any
 * clinic; everyone else their own.
 */
export function BillingScreen({ user, settings, staffPay }: BillingScreenProps) {
  const params = useBillingParams();
  const isAdmin = can(user.role, 'billing.files');
  const clinicCode = isAdmin ? (params.clinic ?? user.code) : user.code;
  // Sent as `clinic_code` by admins only; clinic staff always get their own clinic.
  const clinicChoice = isAdmin ? clinicCode : null;
  const clinic = useClinic(clinicCode);

  // The clinic's current month decides the latest month to pick; without the clinic, the browser's month will do
  // for its own staff (the server still refuses a month that has not begun there).
  const timezone = clinic.data?.timezone ?? null;
  const latest = timezone
    ? clinicMonthOf(new Date(), timezone)
    : clinic.isError && !isAdmin
      ? dayjs().format('YYYY-MM')
      : null;
  const month =
    latest && params.month && params.month >= BILLING_FIRST_MONTH && params.month <= latest ? params.month : latest;

  return (
    <div className="billing-screen">
      <PageHeader
        title="Balances"
        description="RTM billing units and expected payment by month, the patients behind them, and the month’s billing file; and the staff’s pay for their monitored time."
      />
      {staffPay && <ViewSwitch view={params.view} onChange={(view) => params.update({ view })} />}
      <div className="billing-toolbar">
        {isAdmin && (
          <div className="billing-toolbar__clinic">
            <ClinicPicker
              value={clinicCode}
              offersAll={false}
              onChange={(code) => code && params.update({ clinic: code === user.code ? undefined : code })}
            />
          </div>
        )}
        {month && latest && (
          <div className="billing-toolbar__month">
            <MonthPicker
              first={BILLING_FIRST_MONTH}
              latest={latest}
              value={month}
              onChange={(picked) => params.update({ month: picked })}
            />
          </div>
        )}
      </div>
      {month === null ? (
        clinic.isError ? (
          <section className="section-card" aria-label="Clinic">
            <ErrorState
              title={
                isAdmin ? `No clinic could be opened with the code ${clinicCode}` : 'Your clinic could not be loaded'
              }
              error={clinic.error}
              onRetry={() => clinic.refetch()}
              isRetrying={clinic.isFetching}
            />
          </section>
        ) : (
          <section className="section-card" aria-label="Balances">
            <SkeletonList rows={3} label="Loading the clinic’s billing" />
          </section>
        )
      ) : params.view === 'staff' && staffPay ? (
        staffPay({ clinic: clinicChoice, month, page: params.page, onPageChange: (page) => params.update({ page }) })
      ) : (
        <>
          {/* The month's file first: it is what a biller comes for; the figures behind it follow. */}
          <BillingFileCard
            clinic={clinicChoice}
            month={month}
            timezone={timezone}
            isCurrentMonth={month === latest}
            canManageFiles={isAdmin}
          />
          {can(user.role, 'fhir.bulk_export') && (
            <FhirExportCard clinic={clinicChoice} month={month} timezone={timezone} />
          )}
          {/* The sign-off follows the file it signs; the review of corrections after the close comes before the figures. */}
          <SignOffCard clinic={clinicChoice} month={month} timezone={timezone} role={user.role} />
          <PostCloseCorrections clinic={clinicChoice} month={month} timezone={timezone} />
          <BillingMonth
            clinic={clinicChoice}
            month={month}
            page={params.page}
            onPageChange={(page) => params.update({ page })}
          />
          <BillingChartSection clinic={clinicChoice} month={month} latest={latest!} />
        </>
      )}
      {settings?.(clinicChoice)}
    </div>
  );
}

const views: { view: BalancesView; label: string }[] = [
  { view: 'billing', label: 'RTM billing' },
  { view: 'staff', label: 'Staff pay' },
];

/** The two views as links of the address (`?view=staff`): each can be reloaded, shared and opened with the keyboard. */
function ViewSwitch({ view, onChange }: { view: BalancesView; onChange: (view: BalancesView) => void }) {
  return (
    <nav className="billing-views" aria-label="Balances views">
      {views.map((item) => (
        <a
          key={item.view}
          href={item.view === 'staff' ? '?view=staff' : '?'}
          className="billing-views__link"
          aria-current={item.view === view ? 'page' : undefined}
          onClick={(event) => {
            event.preventDefault();
            onChange(item.view);
          }}
        >
          {item.label}
        </a>
      ))}
    </nav>
  );
}
