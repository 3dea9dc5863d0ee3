import { can } from '@rehabit/contract';
import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import type { SessionUser } from '@web/features/session';
import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useClinic } from '../api/get-clinic.ts';
import { ClinicDetailsForm } from './clinic-details-form.tsx';
import { ClinicLogoSetting } from './clinic-logo-setting.tsx';
import { HandoutAttachmentsSetting } from './handout-attachments-setting.tsx';
import './clinic-settings.css';

type ClinicSettingsScreenProps = {
  user: SessionUser;
  /** The clinic an admin chose; a supervisor's is always their own. */
  clinicCode: string | null;
  /** The clinic's billing settings (timezone, rates, NPIs), from their own module. */
  billingSettings: (clinicCode: string | undefined) => ReactNode;
  /** Where an admin picks a clinic. */
  chooseClinic: ReactNode;
};

/** The clinic's details and its billing settings, for its supervisor and for platform admins. */
export function ClinicSettingsScreen({ user, clinicCode, billingSettings, chooseClinic }: ClinicSettingsScreenProps) {
  const isAdmin = can(user.role, 'platform.clinics');
  const code = isAdmin ? clinicCode : user.code;
  return (
    <>
      <PageHeader
        title="Clinic settings"
        description={
          code && isAdmin
            ? `The settings of clinic ${code}. Every change is kept in its audit log with the old and new values.`
            : 'Your clinic’s name, address and identifiers, and its billing settings. Every change is kept in the audit log.'
        }
      />
      {code ? (
        <>
          <ClinicDetailsSection clinicCode={code} />
          {billingSettings(isAdmin ? code : undefined)}
        </>
      ) : (
        <EmptyState
          icon={Building2}
          title="Choose a clinic"
          description="Settings belong to a clinic: open one from the list of clinics to change its settings."
          action={chooseClinic}
        />
      )}
    </>
  );
}

function ClinicDetailsSection({ clinicCode }: { clinicCode: string }) {
  const clinic = useClinic(clinicCode);
  return (
    <section className="section-card clinic-settings" aria-labelledby="clinic-details-title">
      <h2 id="clinic-details-title" className="section-card__title">
        Clinic details
      </h2>
      <QueryStates
        query={clinic}
        loading={{ rows: 3, label: 'Loading the clinic’s details' }}
        failedTitle="The clinic’s details could not be loaded"
      >
        {(details) => (
          <>
            <p className="clinic-settings__code">
              Clinic code <strong className="tabular">{details.code}</strong>: staff sign up with it, and the supervisor
              signs in with it.
            </p>
            <ClinicDetailsForm key={details.code} clinic={details} />
            <ClinicLogoSetting clinic={details} />
            <HandoutAttachmentsSetting clinic={details} />
          </>
        )}
      </QueryStates>
    </section>
  );
}
