import { MONITORING_FIRST_MONTH, type MonitoringEntry, type MonitoringMonth } from '@rehabit/contract';
import { DownloadButton } from '@web/components/ui/button/download-button.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { formatClinicTime } from '@web/components/ui/format/clinic-time.ts';
import { formatDate } from '@web/components/ui/format/format.ts';
import { MonthPicker } from '@web/components/ui/month-picker/month-picker.tsx';
import { formatMonth } from '@web/components/ui/month-picker/months.ts';
import { Pagination } from '@web/components/ui/pagination/pagination.tsx';
import { RoundIcon } from '@web/components/ui/round-icon/round-icon.tsx';
import { useDownloadMonitoringCsv } from '@web/features/monitoring/api/download-monitoring-csv.ts';
import dayjs from 'dayjs';
import { Phone, Timer, Video } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useMonitoringMonth } from '../api/get-monitoring-month.ts';
import { contextLabels, endReasonLabels, formatSeconds } from './monitoring-labels.ts';
import './monitoring.css';

/**
 * A patient's monitored minutes of a month (this one unless another is picked): the total as billing counts it, the
 * sessions and calls behind it, and the audit CSV that proves it.
 */
export function MonitoringSection({ patientId }: { patientId: number }) {
  const [month, setMonth] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const minutes = useMonitoringMonth(patientId, month, page);
  const csv = useDownloadMonitoringCsv(patientId);

  // The clinic's current month comes with the answer; until then the browser's.
  const latest = [minutes.data?.month, dayjs().format('YYYY-MM')].filter(Boolean).sort().pop()!;
  const shown = month ?? minutes.data?.month ?? latest;

  return (
    <section id="monitoring" className="section-card" aria-labelledby="monitoring-title">
      <div className="monitoring-head">
        <h2 id="monitoring-title" className="section-card__title">
          Monitoring
        </h2>
        <div className="monitoring-head__controls">
          <div className="monitoring-head__month">
            <MonthPicker
              first={MONITORING_FIRST_MONTH}
              latest={latest}
              value={shown}
              onChange={(value) => {
                setMonth(value);
                setPage(1);
              }}
            />
          </div>
          <DownloadButton variant="secondary" isLoading={csv.isPending} onClick={() => csv.mutate(shown)}>
            Download audit CSV
          </DownloadButton>
        </div>
      </div>
      <p className="section-card__intro">
        Monitored time of all staff and logged live calls, floored to whole minutes, in the clinic&apos;s calendar
        month.
      </p>
      <QueryStates
        query={minutes}
        loading={{ rows: 3, label: 'Loading the monitored minutes' }}
        failedTitle="The monitored minutes could not be loaded"
      >
        {(month) => <MonthView data={month} page={page} onPageChange={setPage} />}
      </QueryStates>
    </section>
  );
}

function MonthView({
  data,
  page,
  onPageChange,
}: {
  data: MonitoringMonth;
  page: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <>
      <dl className="monitoring-facts" aria-label={`Minutes of ${formatMonth(data.month)}`}>
        <div>
          <dt>Total</dt>
          <dd className="monitoring-facts__total">{data.total_minutes} min</dd>
        </div>
        <div>
          <dt>Monitored</dt>
          <dd>{formatSeconds(data.monitored_seconds)}</dd>
        </div>
        <div>
          <dt>Calls</dt>
          <dd>{data.call_minutes} min</dd>
        </div>
        <div>
          <dt>Live call</dt>
          <dd>{data.has_live_call ? 'Yes' : 'No'}</dd>
        </div>
      </dl>
      {data.filed && <FiledMinutes filed={data.filed} now={data.total_minutes} timezone={data.timezone} />}
      {data.count === 0 ? (
        <EmptyState
          icon={Timer}
          title={`Nothing monitored in ${formatMonth(data.month)}`}
          description="Time spent on this patient's dashboard or chat, and logged calls, will show here."
        />
      ) : (
        <>
          <ul className="monitoring-list" aria-label="Sessions and calls">
            {data.results.map((entry) => (
              <MonitoringEntryItem key={`${entry.type}-${entry.id}`} entry={entry} timeZone={data.timezone} />
            ))}
          </ul>
          <Pagination
            label="Sessions and calls pages"
            currentPage={page}
            totalItems={data.count}
            onPageChange={onPageChange}
          />
        </>
      )}
    </>
  );
}

/**
 * Where a session ran, what it counted and why it ended (decision 1221). The seconds are said as counted whenever
 * there are any, under a minute too: the month adds them up before flooring to minutes. Sessions stored before the
 * start named its context may have none.
 */
function sessionFacts(entry: Extract<MonitoringEntry, { type: 'session' }>): string {
  const counted =
    entry.seconds > 0
      ? `${formatSeconds(entry.seconds)} counted`
      : entry.ended_at
        ? 'No time counted'
        : 'Nothing counted yet';
  return [
    entry.context ? contextLabels[entry.context] : 'Context not recorded',
    counted,
    ...(entry.end_reason ? [`Ended: ${endReasonLabels[entry.end_reason]}`] : []),
  ].join(' · ');
}

/** One entry of the month's list: its icon, what it was with its length, then the lines that place it. */
function EntryLayout({
  icon,
  title,
  length,
  children,
}: {
  icon: ReactNode;
  title: string;
  length: string;
  children: ReactNode;
}) {
  return (
    <li className="monitoring-entry">
      <RoundIcon>{icon}</RoundIcon>
      <div className="monitoring-entry__body">
        <p className="monitoring-entry__head">
          <strong>{title}</strong>
          <span className="tabular">{length}</span>
        </p>
        {children}
      </div>
    </li>
  );
}

function MonitoringEntryItem({ entry, timeZone }: { entry: MonitoringEntry; timeZone: string }) {
  if (entry.type === 'call') {
    const Icon = entry.kind === 'video' ? Video : Phone;
    return (
      <EntryLayout
        icon={<Icon size={18} />}
        title={entry.kind === 'video' ? 'Video call' : 'Phone call'}
        length={`${entry.minutes} min`}
      >
        <p className="monitoring-entry__meta">
          <time dateTime={entry.date}>{formatDate(entry.date)}</time> ·{' '}
          {entry.staff?.display_name ?? 'A former staff member'}
        </p>
      </EntryLayout>
    );
  }
  return (
    <EntryLayout icon={<Timer size={18} />} title="Monitored session" length={formatSeconds(entry.seconds)}>
      <p className="monitoring-entry__meta">
        <time dateTime={entry.started_at}>
          {formatClinicTime(entry.started_at, timeZone, 'dateTime', { namesZone: !entry.ended_at })}
        </time>
        {' – '}
        {entry.ended_at ? (
          <time dateTime={entry.ended_at}>{formatClinicTime(entry.ended_at, timeZone, 'time')}</time>
        ) : (
          'in progress'
        )}{' '}
        · {entry.staff.display_name}
      </p>
      <p className="monitoring-entry__meta">{sessionFacts(entry)}</p>
    </EntryLayout>
  );
}

/**
 * A closed month (decision 1285): the minutes its billing file holds beside those above, which are the data as they
 * stand now, corrections logged after the close included.
 */
function FiledMinutes({
  filed,
  now,
  timezone,
}: {
  filed: NonNullable<MonitoringMonth['filed']>;
  now: number;
  timezone: string;
}) {
  const when = formatClinicTime(filed.at, timezone, 'dateTime');
  if (filed.minutes === now) {
    return <p className="monitoring-filed">As filed in the month’s billing file on {when}.</p>;
  }
  // The file holds only patients it bills: for the others it holds no minutes to compare with.
  if (filed.minutes === null) {
    return (
      <p className="monitoring-filed">
        Not in the month’s billing file, filed on {when}: it bills nothing for this patient.
      </p>
    );
  }
  return (
    <p className="monitoring-filed monitoring-filed--moved">
      <strong>
        Filed: {filed.minutes} min · {now} min now
      </strong>
      , including a correction logged after the close on {when}. Billing keeps the filed figure; the correction is
      listed for the next month’s review.
    </p>
  );
}
