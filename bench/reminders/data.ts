/**
 * Patients with text reminders in 20 clinics, one a timezone (half-hour and 45-minute offsets among them, both
 * hemispheres). Each patient is reminded on 3 days of the week (as home programs are), at a time on the hour or
 * the half hour from 08:00 to 20:30 on their clocks. Filled with generate_series, as the owner.
 */
type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export const TIMEZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'America/Sao_Paulo',
  'America/St_Johns',
  'Europe/London',
  'Europe/Madrid',
  'Africa/Lagos',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Tokyo',
  'Australia/Adelaide',
  'Australia/Sydney',
  'Pacific/Auckland',
];

export async function fillPatients(query: Query, patients: number, savedAt: string) {
  const perClinic = Math.ceil(patients / TIMEZONES.length);
  for (const [i, timezone] of TIMEZONES.entries()) {
    const { rows } = await query(`insert into clinics (code, name, timezone) values ($1, $2, $3) returning id`, [
      `RB${String(i).padStart(5, '0')}`,
      `Reminders ${timezone}`,
      timezone,
    ]);
    const clinicId = rows[0]!.id;
    await query(
      `with p as (
         insert into patients (clinic_id, first_name, last_name, phone, birthday, status)
         select $1, 'Pat', 'Bench' || g, lpad(($2::bigint * 1000000 + g)::text, 10, '0'), '1960-01-01', 'onboarded'
         from generate_series(1, $3) g
         returning id
       )
       insert into reminder_schedules (patient_id, clinic_id, enabled, days, local_time, timezone, language, channels,
                                       quiet_hours_allowed, set_by, created_at, updated_at, next_at)
       select p.id, $1, true,
              case p.id % 3 when 0 then array['mon','wed','fri'] when 1 then array['tue','thu','sat']
                else array['mon','thu','sun'] end,
              lpad((8 + p.id % 13)::text, 2, '0') || ':' || (array['00','30'])[1 + (p.id / 13) % 2],
              $4, 'en', array['sms'], false, 'patient', $5::timestamptz, $5::timestamptz, $5::timestamptz
       from p`,
      [clinicId, 100 + i, perClinic, timezone, savedAt],
    );
  }
  return perClinic * TIMEZONES.length;
}
