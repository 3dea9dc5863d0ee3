import { Checkbox } from '@web/components/ui/checkbox/checkbox.tsx';
import { DateDisplay } from '@web/components/ui/format/date-display.tsx';
import { ageInYears } from '@web/components/ui/format/format.ts';
import { paths } from '@web/config/paths.ts';
import { Link } from 'react-router';
import { ContactStatusLabels } from '../contact-status-labels.tsx';
import { PatientStatusPill } from '../patient-status-pill.tsx';
import { RtmStatusLabels } from '../rtm-status-labels.tsx';
import { PatientRowActions } from './patient-row-actions.tsx';
import type { PatientRowsProps } from './patients-table.tsx';
import { RtmSwitch } from './rtm-switch.tsx';

/** Phones: one card per patient instead of a table that would scroll sideways. */
export function PatientCards({ patients, user, selected, showsClinic, onToggle, onAction, onOpen }: PatientRowsProps) {
  return (
    <ul className="patient-cards" aria-label="Patients">
      {patients.map((patient) => {
        const age = ageInYears(patient.birthday);
        return (
          <li key={patient.id} className="patient-card" data-selected={selected.has(patient.id) || undefined}>
            <div className="patient-card__top">
              <Checkbox
                label={`Select ${patient.display_name}`}
                isLabelHidden
                checked={selected.has(patient.id)}
                onChange={() => onToggle(patient)}
              />
              <div className="patient-card__who">
                <Link className="patient-link" to={paths.patientDashboard.getHref(patient.id)} onClick={onOpen}>
                  {patient.display_name}
                </Link>
                <span className="patient-card__meta tabular">
                  <DateDisplay value={patient.birthday} />
                  {age !== null && ` · ${age} years`}
                </span>
              </div>
              <PatientRowActions patient={patient} user={user} onAction={onAction} />
            </div>
            <dl className="patient-card__facts">
              {showsClinic && (
                <div className="patient-card__wide">
                  <dt>Clinic</dt>
                  <dd>
                    {patient.clinic.name} ({patient.clinic.code})
                  </dd>
                </div>
              )}
              <div>
                <dt>Status</dt>
                <dd>
                  <PatientStatusPill status={patient.status} />
                </dd>
              </div>
              <div>
                <dt>Diagnosis</dt>
                <dd>{patient.diagnosis ?? 'Not set'}</dd>
              </div>
              <div>
                <dt>Therapist</dt>
                <dd>{patient.therapist?.display_name ?? 'Not assigned'}</dd>
              </div>
              <div>
                <dt>RTM</dt>
                <dd>
                  <RtmSwitch patient={patient} />
                </dd>
              </div>
              <div className="patient-card__wide">
                <dt>RTM this month</dt>
                <dd>
                  <RtmStatusLabels status={patient.rtm} isCallShownApart />
                  <ContactStatusLabels status={patient} isCompact />
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
