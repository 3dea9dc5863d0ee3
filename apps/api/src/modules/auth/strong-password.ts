import { AppError } from '../../lib/errors.ts';
import { passwordWeakness } from '../../lib/passwords.ts';

/** Refuses a weak password (common, short, or made of the account's own words) as a field error of `field`. */
export function assertStrong(password: string, personal: string[], field = 'password') {
  const weakness = passwordWeakness(password, personal);
  if (weakness) throw new AppError('weak_password', weakness, { errors: { [field]: [weakness] } });
}
