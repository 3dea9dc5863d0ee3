import { z } from 'zod/mini';

// The contract's basic schemas are written with zod's mini API: the sign-in pages are built from them, and with the
// mini API a page carries only the checks it uses (issue #18, decision 1183). They compose with every other schema.

/** Ids are PostgreSQL integers: anything beyond their range cannot name a row. */
export const MAX_ID = 2_147_483_647;
export const idSchema = z.coerce.number().check(z.int(), z.positive(), z.lte(MAX_ID, { error: 'No such id' }));
export const idParamsSchema = z.object({ id: idSchema });

export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase()),
  z.email({ error: 'Enter a valid e-mail address' }).check(z.maxLength(254, { error: 'Enter a valid e-mail address' })),
);

/** Clinic codes are upper-case letters and digits; the restricted demo clinic's code has five. */
export const clinicCodeSchema = z.pipe(
  z.string().check(z.trim(), z.toUpperCase()),
  z.string().check(z.regex(/^[A-Z0-9]{4,8}$/, { error: 'Clinic codes are 4 to 8 letters or digits' })),
);

/** A clinic as a list row names it: its code and name (decision 1150). */
export const clinicRefSchema = z.object({ code: z.string(), name: z.string() });
export type ClinicRef = z.infer<typeof clinicRefSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const passwordSchema = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters` }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters` }),
  );

/** The longest first or last name of a person Rehabit accepts. */
export const NAME_MAX_LENGTH = 60;
/** Letters (of any alphabet) first, then letters, spaces, apostrophes, hyphens and periods. */
export const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
export const NAME_CHARACTERS_MESSAGE = 'Letters, spaces, apostrophes, hyphens and periods only';

/**
 * A person's first or last name (staff, patients, invited colleagues). Names are printed in e-mails and texts sent
 * under Rehabit's name, so a name is a name and never a link or a sentence (decision 1265). Messages are the
 * contract's own: a page built only from these schemas carries none of zod's default wording.
 */
export const nameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'Required' }),
    z.maxLength(NAME_MAX_LENGTH, { error: `Use at most ${NAME_MAX_LENGTH} characters` }),
    z.regex(NAME_PATTERN, { error: NAME_CHARACTERS_MESSAGE }),
  );

export const detailSchema = z.object({ detail: z.string() });
