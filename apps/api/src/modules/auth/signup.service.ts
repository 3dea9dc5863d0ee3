import type { SignupBody } from '@rehabit/contract';
import { roleLabels } from '@rehabit/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { clinicScope, crossClinic } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { labelled } from '../../lib/message-fields.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { dataFor, type TxData } from '../data-access.ts';
import { assertStrong } from './strong-password.ts';

/**
 * The approvals' task rules, from the tasks module (decision 0902): run inside a sign-up or an approval, so the
 * supervisor's task opens and closes with it. The tasks module decorates them; this module never imports tasks.
 */
export type StaffTasks = { staffChanged(data: TxData, clinicId: number, userId?: number): Promise<void> };

/**
 * The referral program's steps (decision 1010), from the referral module: a sign-up from an invitation and the
 * approval of its account move the invitation on, inside their transactions. Decorated like the task rules.
 */
export type ReferralSteps = {
  signedUp(
    data: TxData,
    account: { userId: number; clinicId: number; email: string; referral?: string },
  ): Promise<void>;
  approved(data: TxData, approval: { userId: number; clinicId: number; actorUserId: number }): Promise<void>;
};

type Deps = {
  db: Db;
  mailer: Mailer;
  audit: AuditLog;
  config: Pick<Config, 'PUBLIC_URL' | 'RESTRICTED_CLINIC_CODE'>;
  tasks: StaffTasks;
  referrals: ReferralSteps;
};

/** A staff member's sign-up with their clinic's code: a pending account, the supervisor's task and e-mail. */
export function createSignupService({ db, mailer, audit, config, tasks, referrals }: Deps) {
  // Whether the e-mail is taken is asked of every clinic: an e-mail signs in to one account (decision 1340).
  // The new account is then written in the clinic its code names.
  const signInData = dataFor(db, crossClinic('sign-in'));
  const usersRepo = signInData.users;
  const clinicsRepo = signInData.clinics;

  return {
    async signup(body: SignupBody, ctx: RequestContext) {
      const clinic = await clinicsRepo.findByCode(body.code);
      if (!clinic) throw fieldError('code', 'No clinic has this code. Check it with your supervisor.');
      assertStrong(body.password, [body.email.split('@')[0] ?? '', body.first_name, body.last_name]);
      if (await usersRepo.findByEmail(body.email)) {
        throw new AppError('conflict', 'An account with this e-mail already exists', {
          errors: { email: ['An account with this e-mail already exists. Sign in or reset the password.'] },
        });
      }
      const passwordHash = await hashPassword(body.password);
      const clinicData = signInData.within(clinicScope(clinic.id));
      await clinicData.transaction(async (data) => {
        const userId = await data.users.insert({
          email: body.email,
          passwordHash,
          firstName: body.first_name,
          lastName: body.last_name,
          role: body.role,
          approvalStatus: 'pending',
        });
        await audit.record(
          { action: 'auth.signup', outcome: 'success', actorUserId: userId, clinicId: clinic.id, ip: ctx.ip },
          data.db,
        );
        // The supervisor's task to approve the new staff member.
        await tasks.staffChanged(data, clinic.id, userId);
        await referrals.signedUp(data, {
          userId,
          clinicId: clinic.id,
          email: body.email,
          referral: body.referral || undefined,
        });
      });
      const supervisor = clinic.supervisorUserId ? await clinicData.users.findById(clinic.supervisorUserId) : undefined;
      if (supervisor) {
        await mailer.send({
          to: supervisor.email,
          subject: 'A new staff member is waiting for your approval',
          text: [
            'A new staff member signed up to your clinic on Rehabit and waits for your approval.',
            [
              labelled('Name', `${body.first_name} ${body.last_name}`),
              // The address passed the e-mail rule; it is printed as typed so the supervisor can recognise it.
              `E-mail: "${body.email}"`,
              `Role: ${roleLabels[body.role]}`,
              labelled('Clinic', clinic.name, 120),
            ].join('\n'),
            `Review the request: ${config.PUBLIC_URL}/therapist-list`,
          ].join('\n\n'),
          suppress: supervisor.clinicCode === config.RESTRICTED_CLINIC_CODE,
        });
      }
      return {
        detail: 'Your account was created and is waiting for approval by your clinic supervisor.',
        status: 'pending' as const,
      };
    },
  };
}
export type SignupService = ReturnType<typeof createSignupService>;
