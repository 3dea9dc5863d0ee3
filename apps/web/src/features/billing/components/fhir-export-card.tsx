import type { FhirExport } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { DownloadButton } from '@web/components/ui/button/download-button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { Skeleton } from '@web/components/ui/feedback/skeleton.tsx';
import { formatClinicTime } from '@web/components/ui/format/clinic-time.ts';
import { formatMonth } from '@web/components/ui/month-picker/months.ts';
import { errorMessage } from '@web/lib/api-error.ts';
import { FileJson } from 'lucide-react';
import { useRef } from 'react';
import {
  isExportActive,
  useDownloadFhirFile,
  useFhirExportState,
  useLatestFhirExport,
  useStartFhirExport,
} from '../api/fhir-export.ts';

type FhirExportCardProps = {
  clinic: string | null;
  month: string;
  /** The clinic's timezone, in which times are told; null when it could not be loaded. */
  timezone: string | null;
};

const resources = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'resource' : 'resources'}`;

/**
 * The clinic month's FHIR bulk export (decision 1440), for supervisors and admins: started here, made by a job whose
 * progress is shown while it runs, then one NDJSON file per resource type to download. The month's latest export is
 * shown with who asked for it and when.
 */
export function FhirExportCard({ clinic, month, timezone }: FhirExportCardProps) {
  const latest = useLatestFhirExport(clinic, month);
  const start = useStartFhirExport(clinic, month);
  const label = formatMonth(month);
  // The button goes once the export starts: the keyboard goes back to the card's title, its progress just below.
  const title = useRef<HTMLHeadingElement>(null);
  const startExport = () => start.mutate(undefined, { onSuccess: () => title.current?.focus() });
  return (
    <section className="section-card fhir-export" aria-labelledby="fhir-export-title">
      <h2 id="fhir-export-title" className="section-card__title fhir-export__title" ref={title} tabIndex={-1}>
        FHIR export of {label}
      </h2>
      <p className="fhir-export__about">
        Every patient in the clinic’s care during the month, with the month’s readings, scores, exercise days and calls,
        and, once the month is closed, its billed codes as filed, as FHIR R4 files for an EMR: one NDJSON file per
        resource type.
      </p>
      {latest.isPending ? (
        <div role="status">
          <span className="visually-hidden">Checking the month’s FHIR export</span>
          <Skeleton width="60%" />
        </div>
      ) : latest.isError ? (
        <ErrorState
          title="The month’s FHIR export could not be checked"
          error={latest.error}
          onRetry={() => latest.refetch()}
          isRetrying={latest.isFetching}
        />
      ) : latest.data ? (
        <ExportState
          key={latest.data.id}
          item={latest.data}
          clinic={clinic}
          timezone={timezone}
          onRestart={startExport}
        />
      ) : (
        <p className="fhir-export__meta">No FHIR export of {label} has been made yet.</p>
      )}
      {latest.isSuccess && (!latest.data || latest.data.status === 'done') && (
        <Button variant={latest.data ? 'secondary' : 'primary'} isLoading={start.isPending} onClick={startExport}>
          {latest.data ? `Export ${label} again` : `Export ${label}`}
        </Button>
      )}
      {start.isError && (
        <Alert tone="danger" title="The export could not be started">
          {errorMessage(start.error)}
        </Alert>
      )}
    </section>
  );
}

type ExportStateProps = { item: FhirExport; clinic: string | null; timezone: string | null; onRestart: () => void };

function ExportState({ item, clinic, timezone, onRestart }: ExportStateProps) {
  const state = useFhirExportState(item, clinic);
  const current = state.data;
  const asked = `Asked for by ${current.requested_by?.name ?? 'a former staff member'} on ${formatClinicTime(
    current.requested_at,
    timezone ?? undefined,
    'dateTime',
  )}`;
  if (isExportActive(current)) {
    return (
      <div className="fhir-export__state">
        <p className="fhir-export__meta">{asked}.</p>
        <ExportProgress item={current} />
      </div>
    );
  }
  if (current.status === 'failed') {
    return (
      <Alert tone="danger" title="The export could not be made">
        {asked}. It stopped before it was complete and kept no file.{' '}
        <Button variant="secondary" size="sm" onClick={onRestart}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <div className="fhir-export__state">
      <p className="fhir-export__meta">
        {asked}; made
        {current.finished_at ? ` on ${formatClinicTime(current.finished_at, timezone ?? undefined, 'dateTime')}` : ''}{' '}
        with {current.patients_total === 1 ? '1 patient' : `${current.patients_total ?? 0} patients`}.
      </p>
      {current.files.length === 0 ? (
        <p className="fhir-export__meta">No patient was in care during the month: the export holds no file.</p>
      ) : (
        <ExportFiles item={current} />
      )}
    </div>
  );
}

/** How far the job is: patients done of the month's total, or waiting for the job to start. */
function ExportProgress({ item }: { item: FhirExport }) {
  const total = item.patients_total;
  const text =
    item.status === 'queued' || total === null
      ? 'Waiting for the export to start…'
      : `Exporting… ${item.patients_done} of ${total} ${total === 1 ? 'patient' : 'patients'}`;
  return (
    <div className="download-progress">
      {total === null || total === 0 ? (
        <progress className="download-progress__bar" aria-label="FHIR export progress" />
      ) : (
        <progress
          className="download-progress__bar"
          max={total}
          value={item.patients_done}
          aria-label="FHIR export progress"
          aria-valuetext={`${item.patients_done} of ${total} patients`}
        />
      )}
      <span className="download-progress__text tabular" role="status">
        {text}
      </span>
    </div>
  );
}

function ExportFiles({ item }: { item: FhirExport }) {
  const save = useDownloadFhirFile(item.id);
  return (
    <>
      <ul className="fhir-export__files" aria-label="Files of the export">
        {item.files.map((file) => (
          <li key={file.type} className="fhir-export__file">
            <FileJson className="billing-file__icon" size={20} aria-hidden="true" />
            <span className="fhir-export__file-name">
              {file.name} <span className="fhir-export__count">{resources(file.count)}</span>
            </span>
            <DownloadButton
              variant="secondary"
              size="sm"
              isLoading={save.isPending && save.variables === file.type}
              aria-label={`Download ${file.name}, ${resources(file.count)}`}
              onClick={() => save.mutate(file.type)}
            >
              <span className="fhir-export__download-text">Download</span>
            </DownloadButton>
          </li>
        ))}
      </ul>
      {save.isError && (
        <Alert tone="danger" title={`${save.variables}.ndjson could not be downloaded`}>
          {errorMessage(save.error)}
        </Alert>
      )}
    </>
  );
}
