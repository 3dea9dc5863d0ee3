import type { ApprovalBody, ApprovalQuery, HasAccessBody, SupervisorProfileBody } from '@rehabit/contract';
import { isManageableStaff, toPage } from '@rehabit/contract';
import { clinicScope, crossClinic } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { labelled } from '../../lib/message-fields.ts';
import { hashPassword, passwordWeakness } from '../../lib/passwords.ts';
import type { MailingCore } from '../../plugins/core.ts';
import type { ReferralSteps, StaffTasks } from '../auth/signup.service.ts';
import { toCurrentUser, toStaffMember } from '../auth/users.repository.ts';
import { chosenClinic } from '../clinics/chosen-clinic.ts';
import type { Caller } from '../data-access.ts';

type Deps = Omit<MailingCore, 'db'> & {
  tasks: StaffTasks;
  referrals: ReferralSteps;
};

export function createSupervisorService({ clock, mailer, audit, config, tasks, referrals }: Deps) {
  async function findManageable(actor: Caller, userId: number) {
    const user = await actor.data.users.findById(userId);
    if (!user || !isManageableStaff(user)) throw notFound('staff member');
    return user;
  }

  return {
    async updateProfile(actor: Caller, sessionId: number, body: SupervisorProfileBody, ctx: RequestContext) {
      const own = actor.data.within(clinicScope(actor.clinicId));
      const me = await own.users.findById(actor.id);
      if (!me) throw new AppError('unauthenticated');
      const email = body.supervisor_email;
      // Whether an e-mail is taken is asked of every clinic: an e-mail signs in to one account (decision 1340).
      const accountsByEmail = actor.data.within(crossClinic('sign-in')).users;
      if (email && email !== me.email && (await accountsByEmail.findByEmail(email))) {
        throw new AppError('conflict', 'Another account uses this e-mail', {
          errors: { supervisor_email: ['Another account uses this e-mail'] },
        });
      }
      if (body.new_password) {
        const weakness = passwordWeakness(body.new_password, [me.clinicCode, me.firstName, me.lastName]);
        if (weakness) throw new AppError('weak_password', weakness, { errors: { new_password: [weakness] } });
      }
      const now = clock.now();
      const passwordHash = body.new_password ? await hashPassword(body.new_password) : undefined;
      await own.transaction(async (data) => {
        await data.users.update(me.id, {
          firstName: body.first_name,
          lastName: body.last_name,
          email,
          ...(passwordHash ? { passwordHash, passwordChangedAt: now } : {}),
        });
        // A new password ends every other session of the account.
        if (passwordHash) await data.sessions.revokeAllForUser(me.id, now, sessionId);
        await audit.record(
          {
            action: 'supervisor.profile_update',
            outcome: 'success',
            actorUserId: actor.id,
            clinicId: actor.clinicId,
            ip: ctx.ip,
            detail: { fields: Object.keys(body), password_changed: Boolean(passwordHash) },
          },
          data.db,
        );
      });
      const updated = await own.users.findById(me.id);
      return { user: toCurrentUser(updated!) };
    },

    async listApprovals(actor: Caller, query: ApprovalQuery) {
      const { scope } = await chosenClinic(actor, query.clinic_code);
      const { rows, count } = await actor.data.within(scope).users.listStaff({
        roles: ['therapist', 'manager'],
        status: query.status,
        page: query.page,
        pageSize: query.page_size,
      });
      return toPage(rows.map(toStaffMember), count, query);
    },

    async setApproval(actor: Caller, body: ApprovalBody, ctx: RequestContext) {
      const user = await findManageable(actor, body.user_id);
      const now = clock.now();
      await actor.data.transaction(async (data) => {
        await data.users.update(user.id, { approvalStatus: body.status });
        if (body.status !== 'approved') await data.sessions.revokeAllForUser(user.id, now);
        await audit.record(
          {
            action: 'supervisor.approval',
            outcome: 'success',
            actorUserId: actor.id,
            clinicId: user.clinicId,
            ip: ctx.ip,
            detail: { user_id: user.id, from: user.approvalStatus, to: body.status },
          },
          data.db,
        );
        // Decided: the supervisor's task to approve closes (and opens again if set back to pending).
        await tasks.staffChanged(data, user.clinicId, user.id);
        // The invitation the account came from, if any, reaches its last step.
        if (body.status === 'approved')
          await referrals.approved(data, { userId: user.id, clinicId: user.clinicId, actorUserId: actor.id });
      });
      if (body.status === 'approved' && user.approvalStatus !== 'approved') {
        await mailer.send({
          to: user.email,
          subject: 'Your Rehabit account was approved',
          text: [
            'Your Rehabit staff account was approved by your clinic supervisor.',
            [labelled('Name', `${user.firstName} ${user.lastName}`), labelled('Clinic', user.clinicName, 120)].join(
              '\n',
            ),
            `Sign in at ${config.PUBLIC_URL}/login`,
          ].join('\n\n'),
          suppress: user.clinicCode === config.RESTRICTED_CLINIC_CODE,
        });
      }
      return toStaffMember({ ...user, approvalStatus: body.status });
    },

    async setHasAccess(actor: Caller, body: HasAccessBody, ctx: RequestContext) {
      const ids = [...new Set(body.therapists)];
      const found = await actor.data.users.findManyByIds(ids);
      // All or nothing: one unknown (or another clinic's) id changes nobody.
      if (found.length !== ids.length || !found.every(isManageableStaff)) throw notFound('staff member');
      const now = clock.now();
      await actor.data.transaction(async (data) => {
        await data.users.updateMany(ids, { hasAccess: body.has_access });
        for (const user of found) {
          if (!body.has_access) await data.sessions.revokeAllForUser(user.id, now);
          await audit.record(
            {
              action: 'supervisor.has_access',
              outcome: 'success',
              actorUserId: actor.id,
              clinicId: user.clinicId,
              ip: ctx.ip,
              detail: { user_id: user.id, has_access: body.has_access },
            },
            data.db,
          );
        }
      });
      return { results: found.map((u) => toStaffMember({ ...u, hasAccess: body.has_access })) };
    },

    /** Hands the clinic's supervisor role to an approved staff member; the former supervisor becomes a therapist. */
    async assignSupervisor(actor: Caller, userId: number, ctx: RequestContext) {
      const user = await findManageable(actor, userId);
      if (user.approvalStatus !== 'approved' || !user.hasAccess) {
        throw new AppError('conflict', 'Only an approved staff member with access can become supervisor', {
          errors: { user_id: ['Approve the staff member and give access first'] },
        });
      }
      const now = clock.now();
      const previous = user.clinicSupervisorUserId;
      await actor.data.transaction(async (data) => {
        if (previous && previous !== user.id) {
          await data.users.update(previous, { role: 'therapist' });
          await data.sessions.revokeAllForUser(previous, now);
        }
        await data.users.update(user.id, { role: 'supervisor' });
        await data.sessions.revokeAllForUser(user.id, now);
        await data.within(clinicScope(user.clinicId)).clinics.setSupervisor(user.id);
        // Open approvals go to the new supervisor.
        await tasks.staffChanged(data, user.clinicId);
        await audit.record(
          {
            action: 'supervisor.assign',
            outcome: 'success',
            actorUserId: actor.id,
            clinicId: user.clinicId,
            ip: ctx.ip,
            detail: { user_id: user.id, previous_user_id: previous },
          },
          data.db,
        );
      });
      // Both accounts' sessions ended: the caller closes their sockets too.
      const endedUserIds = previous && previous !== user.id ? [previous, user.id] : [user.id];
      return { user: toStaffMember({ ...user, role: 'supervisor' }), endedUserIds };
    },
  };
}
export type SupervisorService = ReturnType<typeof createSupervisorService>;
