import type { Patient, PatientListItem } from '@rehabit/contract';
import { Checkbox } from '@web/components/ui/checkbox/checkbox.tsx';
import { DateDisplay } from '@web/components/ui/format/date-display.tsx';
import { ageInYears, formatPhone } from '@web/components/ui/format/format.ts';
import { ActionsHeader } from '@web/components/ui/table/actions-header.tsx';
import { Table } from '@web/components/ui/table/table.tsx';
import { paths } from '@web/config/paths.ts';
import type { SessionUser } from '@web/features/session';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { ContactStatusLabels } from '../contact-status-labels.tsx';
import type { PatientAction } from '../patient-actions.ts';
import { PatientStatusPill } from '../patient-status-pill.tsx';
import { RtmStatusLabels } from '../rtm-status-labels.tsx';
import { PatientRowActions } from './patient-row-actions.tsx';
import { RtmSwitch } from './rtm-switch.tsx';

export type PatientRowsProps = {
  patients: readonly PatientListItem[];
  user: SessionUser;
  selected: ReadonlySet<number>;
  /** Whether each row names its clinic, under the patient's name: the admin's list of every clinic (decision 1150). */
  showsClinic: boolean;
  onToggle: (patient: PatientListItem) => void;
  onToggleAll: () => void;
  onAction: (action: PatientAction, patient: Patient) => void;
  /** A patient's link was clicked: their page opens here, or in another tab. */
  onOpen: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/** Desktop: one row per patient, dense but ordered, with the actions at the row's end. */
export function PatientsTable({
  patients,
  user,
  selected,
  showsClinic,
  onToggle,
  onToggleAll,
  onAction,
  onOpen,
}: PatientRowsProps) {
  const chosenHere = patients.filter((patient) => selected.has(patient.id)).length;
  return (
    <Table caption="Patients">
      <thead>
        <tr>
          <th scope="col" className="data-table__narrow">
            <Checkbox
              label="Select all patients on this page"
              isLabelHidden
              checked={chosenHere > 0 && chosenHere === patients.length}
              isIndeterminate={chosenHere > 0 && chosenHere < patients.length}
              onChange={onToggleAll}
            />
          </th>
          <th scope="col">Patient</th>
          <th scope="col" className="patients-table__wide">
            Birthday
          </th>
          <th scope="col">This month</th>
          <th scope="col">Diagnosis</th>
          <th scope="col">Therapist</th>
          <th scope="col">RTM</th>
          <ActionsHeader className="data-table__narrow" />
        </tr>
      </thead>
      <tbody>
        {patients.map((patient) => {
          const age = ageInYears(patient.birthday);
          return (
            <tr key={patient.id} aria-selected={selected.has(patient.id)}>
              <td>
                <Checkbox
                  label={`Select ${patient.display_name}`}
                  isLabelHidden
                  checked={selected.has(patient.id)}
                  onChange={() => onToggle(patient)}
                />
              </td>
              <td>
                <Link className="patient-link" to={paths.patientDashboard.getHref(patient.id)} onClick={onOpen}>
                  {patient.display_name}
                </Link>
                <span className="data-table__secondary tabular">
                  {formatPhone(patient.selected_code, patient.phone)}
                </span>
                {/* The clinic and the status under the name, not columns of their own: the row fits at 1280 px. */}
                {showsClinic && (
                  <span className="data-table__secondary patients-table__clinic" title={patient.clinic.name}>
                    <span className="visually-hidden">Clinic: </span>
                    {patient.clinic.code} · {patient.clinic.name}
                  </span>
                )}
                <span className="patients-table__status">
                  <PatientStatusPill status={patient.status} />
                </span>
              </td>
              <td className="tabular patients-table__wide">
                <DateDisplay value={patient.birthday} />
                {age !== null && <span className="data-table__secondary">{age} years</span>}
              </td>
              {/* Who needs what before the month ends comes first, where it is seen without scrolling. */}
              <td>
                <RtmStatusLabels status={patient.rtm} isCallShownApart />
                <ContactStatusLabels status={patient} isCompact />
              </td>
              <td>
                {patient.diagnosis ? (
                  <>
                    <span className="tabular">{patient.diagnosis}</span>
                    <span className="data-table__secondary patient-diagnosis">{patient.diagnosis_description}</span>
                  </>
                ) : (
                  <span className="muted">Not set</span>
                )}
              </td>
              <td>{patient.therapist?.display_name ?? <span className="muted">Not assigned</span>}</td>
              <td>
                <RtmSwitch patient={patient} />
              </td>
              <td>
                <PatientRowActions patient={patient} user={user} onAction={onAction} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
