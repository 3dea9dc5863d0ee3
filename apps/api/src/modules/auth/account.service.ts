import type { CurrentUser, SettingsInfo } from '@rehabit/contract';
import { clinicScope } from '../../db/scope.ts';
import { AppError } from '../../lib/errors.ts';
import type { Caller } from '../data-access.ts';
import { toCurrentUser } from './users.repository.ts';

/** The signed-in account as its screens read it: who it is, its notifications turned off, the portal's settings. */
export function createAccountService() {
  async function currentUser(actor: Caller): Promise<CurrentUser> {
    const user = await actor.data.within(clinicScope(actor.clinicId)).users.findById(actor.id);
    if (!user) throw new AppError('unauthenticated');
    return toCurrentUser(user);
  }

  return {
    currentUser,

    async cancelNotification(actor: Caller, which: 'feature' | 'billing') {
      const own = actor.data.within(clinicScope(actor.clinicId));
      await own.users.update(
        actor.id,
        which === 'feature' ? { isFeatureNotificationOn: false } : { isNewBillingUploaded: false },
      );
      return { user: await currentUser(actor) };
    },

    async settingsInfo(actor: Caller): Promise<SettingsInfo> {
      const { settings } = actor.data;
      return {
        support_user_id: (await settings.get<number>('support_user_id')) ?? null,
        initial_note: (await settings.get<string>('initial_note')) ?? null,
      };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
