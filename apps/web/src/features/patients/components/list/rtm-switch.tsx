import type { Patient } from '@rehabit/contract';
import { Switch } from '@web/components/ui/switch/switch.tsx';
import { useUpdateRtmCoverage } from '@web/features/patients/api/update-rtm-coverage.ts';

/** Whether the payer covers RTM, changed in place; it shows the asked-for value until the server confirms. */
export function RtmSwitch({ patient, isLabelHidden = true }: { patient: Patient; isLabelHidden?: boolean }) {
  const update = useUpdateRtmCoverage();
  const checked = update.isPending ? update.variables.isCovered : patient.is_rtm_covered;
  return (
    <Switch
      label={isLabelHidden ? `RTM coverage for ${patient.display_name}` : 'RTM coverage'}
      isLabelHidden={isLabelHidden}
      checked={checked}
      onText="Covered"
      offText="No"
      isBusy={update.isPending}
      disabled={patient.status === 'removed'}
      onChange={(isCovered) => update.mutate({ id: patient.id, isCovered })}
    />
  );
}
