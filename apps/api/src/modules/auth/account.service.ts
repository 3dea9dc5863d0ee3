import type { CurrentUser, SettingsInfo } from '@rehabit/contract';
import type { Db } from '../../db/client.ts';
import { clinicScope } from '../../db/scope.ts';
import { AppError } from '../../lib/errors.ts';
import { createSettingsRepository } from '../clinics/settings.repository.ts';
import type { Caller } from '../data-access.ts';
import { createUsersRepository, toCurrentUser } from './users.repository.ts';

/** The signed-in account as its screens read it: who it is, its notifications turned off, the portal's settings. */
export function createAccountService({ db }: { db: Db }) {
  const settings = createSettingsRepository(db);

  async function currentUser(actor: Caller): Promise<CurrentUser> {
    const user = await createUsersRepository(db, clinicScope(actor.clinicId)).findById(actor.id);
    if (!user) throw new AppError('unauthenticated');
    return toCurrentUser(user);
  }

  return {
    currentUser,

    async cancelNotification(actor: Caller, which: 'feature' | 'billing') {
      await createUsersRepository(db, clinicScope(actor.clinicId)).update(
        actor.id,
        which === 'feature' ? { isFeatureNotificationOn: false } : { isNewBillingUploaded: false },
      );
      return { user: await currentUser(actor) };
    },

    async settingsInfo(): Promise<SettingsInfo> {
      return {
        support_user_id: (await settings.get<number>('support_user_id')) ?? null,
        initial_note: (await settings.get<string>('initial_note')) ?? null,
      };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
