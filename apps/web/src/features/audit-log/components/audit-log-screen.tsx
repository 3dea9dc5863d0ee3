import { AUDIT_EXPORT_MAX_ROWS, can } from '@rehabit/contract';
import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { Button } from '@web/components/ui/button/button.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { useClinicTimeZone } from '@web/features/clinics';
import type { SessionUser } from '@web/features/session';
import { errorMessage, isApiError } from '@web/lib/api-error.ts';
import { useIsMobile } from '@web/lib/device.ts';
import { notify } from '@web/lib/notify.ts';
import { Download, ScrollText } from 'lucide-react';
import { useDownloadAuditCsv } from '../api/download-audit-csv.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { AuditCards } from './audit-cards.tsx';
import { AuditFilters } from './audit-filters.tsx';
import { AuditTable } from './audit-table.tsx';
import { useAuditParams } from './use-audit-params.ts';
import './audit-log.css';

/** The id filter the server found no patient or user for (404 naming the field), if that is why the read failed. */
function unknownIdOf(error: unknown) {
  if (!isApiError(error) || error.status !== 404) return undefined;
  return (['patient', 'user'] as const).find((kind) => `${kind}_id` in error.errors);
}

/** Who did what, when, to which patient: the append-only audit log, filtered, paged, and exported as CSV. */
export function AuditLogScreen({ user }: { user: SessionUser }) {
  const isAdmin = can(user.role, 'platform.clinics');
  const { values, filter, page, apply, setPage } = useAuditParams(user.role);
  const log = useAuditLog({ ...filter, page });
  const csv = useDownloadAuditCsv();
  const isMobile = useIsMobile();
  const Rows = isMobile ? AuditCards : AuditTable;
  // A patient or user id the log cannot hold (another clinic's, or none) is not found by the server: no entry matches.
  const unknownId = unknownIdOf(log.error);
  // The clinic's clock, as its calendar days filter the log; an admin's view of every clinic reads UTC.
  const timeZone = useClinicTimeZone(isAdmin ? values.clinic || null : undefined);
  const entries = unknownId ? [] : (log.data?.results ?? []);
  const isFiltered = Object.values(filter).some((value) => value !== undefined);

  const exportCsv = () =>
    csv.mutate(filter, { onError: (error) => notify.error(`The CSV could not be made: ${errorMessage(error)}`) });

  return (
    <>
      <PageHeader
        title="Audit log"
        description={
          isAdmin
            ? `Every recorded action, newest first: ${values.clinic ? `clinic ${values.clinic}` : 'all clinics'}. Reading and exporting the log are recorded too.`
            : 'Every recorded action in your clinic, newest first. Reading and exporting the log are recorded too.'
        }
        actions={
          <Button variant="secondary" icon={<Download aria-hidden />} isLoading={csv.isPending} onClick={exportCsv}>
            Download CSV
          </Button>
        }
      />
      <section className="section-card" aria-label="Audit log">
        <AuditFilters
          key={JSON.stringify(values)}
          values={values}
          canChooseClinic={isAdmin}
          isFoldable={isMobile}
          onApply={apply}
        />
        <p className="audit-log__note">
          The CSV holds every row of the filter, up to {AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')}; narrow the dates
          for more. Dates and times are the clinic’s
          {isAdmin && !values.clinic
            ? ', in UTC across all clinics'
            : timeZone
              ? ` (${timeZone.replaceAll('_', ' ')})`
              : ''}
          .
        </p>
        <QueryStates
          query={log}
          loading={{ rows: 5, label: 'Loading the audit log' }}
          failedTitle="The audit log could not be read"
          isFailed={log.isError && !unknownId}
          isEmpty={entries.length === 0}
          empty={
            <EmptyState
              icon={ScrollText}
              title={isFiltered ? 'Nothing matches these filters' : 'Nothing recorded yet'}
              description={
                unknownId
                  ? `No entry of ${isAdmin && !values.clinic ? 'any clinic' : 'this clinic'} names this ${unknownId} id. Check the id, or try another.`
                  : isFiltered
                    ? 'Try another action, person or dates.'
                    : 'Actions appear here as they happen.'
              }
            />
          }
          pages={{ label: 'Audit log pages', page, total: log.data?.count ?? 0, onPageChange: setPage }}
        >
          <Rows entries={entries} showsClinic={isAdmin && !values.clinic} timeZone={timeZone} />
        </QueryStates>
      </section>
    </>
  );
}
