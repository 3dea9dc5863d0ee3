import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { ButtonLink } from '@web/components/ui/button/button-link.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { paths } from '@web/config/paths.ts';
import { ClinicTime } from '@web/features/clinics';
import { isApiError } from '@web/lib/api-error.ts';
import { ArrowLeft, Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useClinicOverview } from '../api/get-clinic-overview.ts';
import './admin-clinics.css';

type ClinicOverviewScreenProps = {
  clinicCode: string;
  /** The clinic's billing settings, shown without controls. */
  billingSettings: ReactNode;
};

/** One clinic as the platform admin looks at it: read-only, with links to change its settings and read its log. */
export function ClinicOverviewScreen({ clinicCode, billingSettings }: ClinicOverviewScreenProps) {
  const clinic = useClinicOverview(clinicCode);
  const back = (
    <Link className="back-link" to={paths.adminClinics.getHref()}>
      <ArrowLeft size={16} aria-hidden /> All clinics
    </Link>
  );

  if (clinic.isPending) return <SkeletonList rows={4} label="Loading the clinic" />;
  if (clinic.isError) {
    return (
      <>
        {back}
        {isApiError(clinic.error) && clinic.error.status === 404 ? (
          <EmptyState
            icon={Building2}
            title="No clinic has this code"
            description={`Nothing is found for ${clinicCode}.`}
          />
        ) : (
          <ErrorState
            title="The clinic could not be loaded"
            error={clinic.error}
            onRetry={() => clinic.refetch()}
            isRetrying={clinic.isFetching}
          />
        )}
      </>
    );
  }

  const c = clinic.data;
  return (
    <>
      {back}
      <PageHeader
        title={c.name}
        description={`Clinic ${c.code}. A read-only view: change the clinic from its settings.`}
        actions={
          <ButtonLink variant="secondary" to={paths.clinicSettings.getHref(c.code)}>
            Change settings
          </ButtonLink>
        }
      />
      <section className="section-card clinic-overview" aria-labelledby="clinic-overview-title">
        <h2 id="clinic-overview-title" className="section-card__title">
          Details
        </h2>
        <dl className="clinic-overview__facts">
          <dt>Code</dt>
          <dd className="tabular">{c.code}</dd>
          <dt>Supervisor</dt>
          <dd>{c.supervisor ? `${c.supervisor.display_name} (${c.supervisor.email})` : 'None'}</dd>
          <dt>Staff</dt>
          <dd className="tabular">{c.staff_count}</dd>
          <dt>Patients</dt>
          <dd className="tabular">{c.patients_count}</dd>
          <dt>Address</dt>
          <dd>{c.address ?? 'Not set'}</dd>
          <dt>NPI</dt>
          <dd className="tabular">{c.npi ?? 'Not set'}</dd>
          <dt>TIN</dt>
          <dd className="tabular">{c.tin ?? 'Not set'}</dd>
          <dt>Timezone</dt>
          <dd>{c.timezone.replaceAll('_', ' ')}</dd>
          <dt>Created</dt>
          <dd>
            <ClinicTime value={c.created_at} style="date" clinicCode={c.code} />
          </dd>
        </dl>
        <div className="clinic-overview__links">
          <ButtonLink variant="secondary" to={paths.auditLog.getHref(c.code)}>
            Read its audit log
          </ButtonLink>
        </div>
      </section>
      {billingSettings}
    </>
  );
}
