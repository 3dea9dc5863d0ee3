/** A billing month as the API's calls take it: `2026-03` as month 3 and year 2026. */
export function monthParts(month: string) {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return { month: number, year };
}

/** The clinic named in a call: an admin's choice, or none (the caller's own clinic). */
export const clinicQuery = (clinic: string | null) => (clinic ? { clinic_code: clinic } : {});
