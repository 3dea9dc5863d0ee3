import { z } from 'zod';

/** Ids are PostgreSQL integers: anything beyond their range cannot name a row. */
export const MAX_ID = 2_147_483_647;
export const idSchema = z.coerce.number().int().positive().max(MAX_ID, { error: 'No such id' });
export const idParamsSchema = z.object({ id: idSchema });

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid e-mail address' }).max(254));

/** Clinic codes are upper-case letters and digits; the restricted demo clinic's code has five. */
export const clinicCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(/^[A-Z0-9]{4,8}$/, { error: 'Clinic codes are 4 to 8 letters or digits' }));

/** A clinic as a list row names it: its code and name (decision 1150). */
export const clinicRefSchema = z.object({ code: z.string(), name: z.string() });
export type ClinicRef = z.infer<typeof clinicRefSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters` });

export const nameSchema = z.string().trim().min(1, { error: 'Required' }).max(100);

export const detailSchema = z.object({ detail: z.string() });
