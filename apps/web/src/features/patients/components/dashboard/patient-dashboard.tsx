import { monitoringDisplayName, type PatientDetail } from '@rehabit/contract';
import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { ButtonLink } from '@web/components/ui/button/button-link.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { Skeleton } from '@web/components/ui/feedback/skeleton.tsx';
import { paths } from '@web/config/paths.ts';
import { useMonitoredPatient } from '@web/features/monitoring';
import { usePatient } from '@web/features/patients/api/get-patient.ts';
import type { SessionUser } from '@web/features/session';
import { isApiError } from '@web/lib/api-error.ts';
import { ArrowLeft, UserX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { dialogFor, type PatientDialogState, PatientDialogs } from '../dialogs/patient-dialogs.tsx';
import { patientActions } from '../patient-actions.ts';
import { PatientStatusPill } from '../patient-status-pill.tsx';
import { BannerStrip } from './banner-strip.tsx';
import { ChatSection } from './chat-section.tsx';
import { InteractionLogSection } from './interaction-log.tsx';
import { PatientActionsBar } from './patient-actions-bar.tsx';
import { PatientHeader } from './patient-header.tsx';
import { RtmCard } from './rtm-card.tsx';
import '../patients.css';
import './dashboard.css';

const sectionLinks = [
  { id: 'program', title: 'Program' },
  { id: 'progress', title: 'Progress' },
  { id: 'functional-data', title: 'Functional data' },
  { id: 'reminders', title: 'Reminders' },
  { id: 'interaction-log', title: 'Interaction log' },
  { id: 'monitoring', title: 'Monitoring' },
  { id: 'chat', title: 'Chat' },
];

const backLink = (
  <Link className="back-link" to={paths.patients.getHref()}>
    <ArrowLeft size={16} aria-hidden="true" /> Patients
  </Link>
);

type Props = {
  patientId: number;
  user: SessionUser;
  /** Program, progress and functional data: features of their own, placed by the route in the design's order. */
  sections?: (patient: PatientDetail) => ReactNode;
  /** Sections of other features after the interaction log (monitoring), placed by the route. */
  afterInteractionLog?: ReactNode;
  /** Actions of other features about this patient (assigning a task), placed by the route after the patient's own. */
  headerActions?: (patient: PatientDetail) => ReactNode;
};

/** One patient: who they are, what can be done now, and the sections the clinic works in. */
export function PatientDashboard({ patientId, user, sections, afterInteractionLog, headerActions }: Props) {
  const patient = usePatient(patientId);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<PatientDialogState | null>(null);
  // A clinician on an onboarded patient's dashboard is monitored (decision 0704; only onboarded patients are in RTM).
  const monitored = patient.data?.status === 'onboarded' ? patient.data : null;
  useMonitoredPatient(
    monitored && {
      patientId: monitored.id,
      displayName: monitoringDisplayName(monitored),
      code: 'MONITORING_CODE_PATIENT_DASHBOARD',
      origin: 'dashboard',
    },
  );

  const isKnownId = Number.isInteger(patientId) && patientId > 0;
  if (!isKnownId || (isApiError(patient.error) && patient.error.status === 404)) {
    return (
      <>
        {backLink}
        <PageHeader title="Patient not found" />
        <EmptyState
          icon={UserX}
          title="We could not find this patient"
          description="This patient does not exist in your clinic, or was removed. Search the patient list instead."
          action={<ButtonLink to={paths.patients.getHref()}>Go to the patient list</ButtonLink>}
        />
      </>
    );
  }

  if (patient.isPending) {
    return (
      <div role="status" aria-live="polite">
        {backLink}
        <span className="visually-hidden">Loading the patient</span>
        <Skeleton width="240px" height="32px" />
        <div className="section-card dashboard-skeleton">
          <Skeleton width="60%" />
          <Skeleton width="80%" />
          <Skeleton width="40%" />
        </div>
      </div>
    );
  }

  if (patient.isError) {
    return (
      <>
        {backLink}
        <ErrorState
          title="The patient could not be loaded"
          error={patient.error}
          onRetry={() => patient.refetch()}
          isRetrying={patient.isFetching}
        />
      </>
    );
  }

  const data = patient.data;
  return (
    <>
      {backLink}
      <PageHeader
        title={data.display_name}
        badge={<PatientStatusPill status={data.status} />}
        actions={
          <>
            <PatientActionsBar patient={data} user={user} onAction={(action) => setDialog(dialogFor(action, data))} />
            {headerActions?.(data)}
          </>
        }
      />
      <PatientHeader patient={data} />
      {/* A registered patient was never onboarded: nothing of RTM to show yet. */}
      {data.status !== 'registered' && <RtmCard patient={data} />}
      {/* Banners concern patients in monitoring only. */}
      {data.status === 'onboarded' && (
        <BannerStrip
          patient={data}
          user={user}
          onEditDetails={
            patientActions(data.status, user.role).includes('edit')
              ? () => setDialog(dialogFor('edit', data))
              : undefined
          }
        />
      )}
      <nav className="section-tabs" aria-label="Patient sections">
        {sectionLinks.map((section) => (
          <a key={section.id} href={`#${section.id}`} className="section-tabs__link">
            {section.title}
          </a>
        ))}
      </nav>
      {sections?.(data)}
      <InteractionLogSection patient={data} />
      {afterInteractionLog}
      <ChatSection patientId={data.id} patientName={`${data.first_name} ${data.last_name}`} />
      <PatientDialogs
        state={dialog}
        onClose={() => setDialog(null)}
        onRemoved={() => navigate(paths.patients.getHref(), { replace: true })}
      />
    </>
  );
}
