import type { Patient, PatientDetail } from '@rehabit/contract';
import { DateDisplay } from '@web/components/ui/format/date-display.tsx';
import { ageInYears, formatPhone } from '@web/components/ui/format/format.ts';
import { ClinicTime } from '@web/features/clinics';
import { ContactStatusLabels } from '../contact-status-labels.tsx';
import { RtmSwitch } from '../list/rtm-switch.tsx';

const consentMethodLabels = { verbal: 'verbal', written: 'written', electronic: 'electronic' } as const;

/**
 * Who the patient is and where they stand in the RTM lifecycle, at a glance. The call status and chat freshness
 * come with the patient's read; a change answered with the plain patient keeps the last ones read.
 */
export function PatientHeader({ patient }: { patient: Patient & Partial<PatientDetail> }) {
  const age = ageInYears(patient.birthday);
  return (
    <section className="section-card patient-header" aria-label="Patient details">
      <dl className="patient-header__facts">
        <div>
          <dt>Age</dt>
          <dd className="tabular">
            {age !== null ? `${age} years` : '—'}
            <span className="patient-header__sub">
              Born <DateDisplay value={patient.birthday} />
            </span>
          </dd>
        </div>
        <div className="patient-header__wide">
          <dt>Diagnosis</dt>
          <dd>
            {patient.diagnosis ? (
              <>
                <span className="tabular patient-header__code">{patient.diagnosis}</span>{' '}
                {patient.diagnosis_description}
              </>
            ) : (
              <span className="muted">Not set — onboarding sets it</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Therapist</dt>
          <dd>{patient.therapist?.display_name ?? <span className="muted">Not assigned</span>}</dd>
        </div>
        <div>
          <dt>Episode started</dt>
          <dd>
            {patient.episode_started_at && patient.status === 'onboarded' ? (
              <DateDisplay value={patient.episode_started_at} />
            ) : (
              <span className="muted">No open episode</span>
            )}
          </dd>
        </div>
        <div className="patient-header__wide">
          <dt>Call and chat</dt>
          <dd>
            {patient.status === 'onboarded' ? (
              <ContactStatusLabels status={patient} />
            ) : (
              <span className="muted">Not in monitoring</span>
            )}
          </dd>
        </div>
        <div>
          <dt>RTM consent</dt>
          <dd>
            {patient.consent_date ? (
              <>
                <DateDisplay value={patient.consent_date} />
                {patient.consent_method && (
                  <span className="patient-header__sub">{consentMethodLabels[patient.consent_method]}</span>
                )}
              </>
            ) : (
              <span className="muted">Not recorded</span>
            )}
          </dd>
        </div>
        <div>
          <dt>RTM coverage</dt>
          <dd>
            <RtmSwitch patient={patient} />
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd className="tabular">
            <a href={`tel:${patient.selected_code}${patient.phone}`}>
              {formatPhone(patient.selected_code, patient.phone)}
            </a>
          </dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd className="patient-header__email">
            {patient.email ? (
              <a href={`mailto:${patient.email}`}>{patient.email}</a>
            ) : (
              <span className="muted">None</span>
            )}
          </dd>
        </div>
        <div>
          <dt>MRN</dt>
          <dd className="tabular">{patient.mrn ?? <span className="muted">Not set</span>}</dd>
        </div>
        <div>
          <dt>Insurance member ID</dt>
          <dd className="tabular">{patient.insurance_member_id ?? <span className="muted">Not set</span>}</dd>
        </div>
        <div>
          <dt>Registered</dt>
          <dd>
            <ClinicTime value={patient.created_at} style="date" />
            <span className="patient-header__sub">{patient.source === 'qr' ? 'by QR sign-up' : 'by the clinic'}</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
