import { type ClinicTimeStyle, formatClinicTime } from '@web/components/ui/format/clinic-time.ts';
import { useClinicTimeZone } from '@web/features/clinics/clinic-time-zone.ts';

type ClinicTimeProps = {
  value: string | null | undefined;
  /** `date` for the day of an instant (when something was created, answered, done). */
  style?: ClinicTimeStyle;
  /** Another clinic's code than the signed-in staff member's (an admin reading a clinic). */
  clinicCode?: string;
};

/** An instant of the signed-in staff member's clinic, in its timezone, as a `<time>` (decision 1252). */
export function ClinicTime({ value, style = 'dateTime', clinicCode }: ClinicTimeProps) {
  const timeZone = useClinicTimeZone(clinicCode);
  if (!value) return null;
  return (
    <time className="tabular" dateTime={value}>
      {formatClinicTime(value, timeZone, style)}
    </time>
  );
}
