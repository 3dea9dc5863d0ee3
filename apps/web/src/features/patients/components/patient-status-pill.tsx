import { type PatientStatus, patientStatusLabels } from '@rehabit/contract';
import { type PillTone, StatusPill } from '@web/components/ui/pill/status-pill.tsx';

const tones: Record<PatientStatus, PillTone> = {
  registered: 'info',
  onboarded: 'success',
  discharged: 'neutral',
  removed: 'danger',
};

export function PatientStatusPill({ status }: { status: PatientStatus }) {
  return <StatusPill tone={tones[status]}>{patientStatusLabels[status]}</StatusPill>;
}
