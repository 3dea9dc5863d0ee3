import { isPatientRole, type SupportAccount } from '@rehabit/contract';
import type { Db } from '../../db/client.ts';
import { crossClinic } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, noteNothingChanged } from '../../lib/audit.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { displayName } from '../auth/users.repository.ts';
import { type Caller, dataFor } from '../data-access.ts';

type Deps = { db: Db; audit: AuditLog };

/** The platform's support account (`support_user_id` of the settings info): who staff chat with for help. */
export function createSupportAccountService({ db, audit }: Deps) {
  // The support account may be of any clinic (the platform's own included), and staff of every clinic read who it is.
  const supportData = dataFor(db, crossClinic('support account'));
  const supportUsers = supportData.users;
  const settings = supportData.settings;

  async function supportAccountOf(userId: number | undefined): Promise<SupportAccount> {
    const user = userId ? await supportUsers.findById(userId) : undefined;
    return {
      user: user
        ? { id: user.id, display_name: displayName(user), email: user.email, clinic_code: user.clinicCode }
        : null,
    };
  }

  return {
    async supportAccount(): Promise<SupportAccount> {
      return supportAccountOf(await settings.get<number>('support_user_id'));
    },

    /**
     * Makes an account the platform's support account: staff or an admin, approved and with access, of any clinic
     * (the platform's own included). No account, or a patient's, is not found.
     */
    async changeSupportAccount(actor: Caller, userId: number, ctx: RequestContext): Promise<SupportAccount> {
      const user = await actor.data.users.findById(userId);
      if (!user || isPatientRole(user.role)) throw notFound('staff member');
      if (user.approvalStatus !== 'approved' || !user.hasAccess) {
        throw fieldError('user_id', 'Choose an approved account that may sign in');
      }
      await actor.data.transaction(async (data) => {
        const txSettings = data.settings;
        const old = (await txSettings.get<number>('support_user_id')) ?? null;
        if (old === user.id) {
          noteNothingChanged();
          return;
        }
        await txSettings.set('support_user_id', user.id);
        await audit.record(
          {
            action: 'settings.support_account',
            outcome: 'success',
            actorUserId: actor.id,
            clinicId: user.clinicId,
            ip: ctx.ip,
            detail: { support_user_id: { old, new: user.id } },
          },
          data.db,
        );
      });
      return supportAccountOf(user.id);
    },
  };
}
export type SupportAccountService = ReturnType<typeof createSupportAccountService>;
