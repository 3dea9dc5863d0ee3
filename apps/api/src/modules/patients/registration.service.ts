import { createHmac, randomInt } from 'node:crypto';
import type { QrRegistrationBody, SendOtpBody, VerifyOtpBody } from '@rehabit/contract';
import { OTP_TTL_MINUTES, toE164 } from '@rehabit/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { clinicScope, crossClinic } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { addMinutes, type Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { hashPassword, passwordWeakness } from '../../lib/passwords.ts';
import type { SmsSender } from '../../lib/sms.ts';
import { hashToken, randomToken, safeEqual } from '../../lib/tokens.ts';
import { clientKey, retryAfter } from '../../lib/waits.ts';
import { dataFor } from '../data-access.ts';
import { DAY_MS, sendRefusal, triesLeft, usedUpMessage, verifyRefusal, wrongCodeMessage } from './otp-limits.ts';
import { identityColumnsOf } from './patients.repository.ts';
import type { PatientTasks } from './patients.service.ts';

/** After the phone is verified, the registration form must be sent within this time. */
const VERIFIED_TTL_MINUTES = 30;

type Deps = {
  db: Db;
  clock: Clock;
  sms: SmsSender;
  audit: AuditLog;
  config: Pick<Config, 'APP_SECRET' | 'RESTRICTED_CLINIC_CODE'>;
  /** Signs the patient behind a verified phone in (the patient app), answering a session token. */
  signInByPhone?: (phone: string, ctx: RequestContext) => Promise<string | undefined>;
  tasks: PatientTasks;
};
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Phone verification by a 6-digit code, then the patient's own registration from the clinic's QR code. */
export function createRegistrationService({ db, clock, sms, audit, config, signInByPhone, tasks }: Deps) {
  // No one is signed in yet: the clinic is found by its code, and an e-mail is asked of every clinic (decision 1340).
  const signInData = dataFor(db, crossClinic('sign-in'));
  const { otp, clinics } = signInData;
  // Keyed hash: a leaked table does not give the codes away by brute force of a plain hash.
  const hashCode = (phone: string, code: string) =>
    createHmac('sha256', config.APP_SECRET).update(`${phone}:${code}`).digest('hex');

  return {
    async sendOtp(body: SendOtpBody, ctx: RequestContext) {
      const now = clock.now();
      const clinic = body.clinic_code ? await clinics.findByCode(body.clinic_code) : undefined;
      if (body.clinic_code && !clinic) throw fieldError('clinic_code', 'No clinic has this code');
      const client = clientKey(ctx.ip);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const refusal = await signInData.transaction(async (data) => {
        const repo = data.otp;
        await repo.lockPhone(body.phone);
        const refused = sendRefusal(await repo.sendsSince(body.phone, ago(now, DAY_MS)), client, now);
        if (refused) return refused;
        await repo.create({
          phone: body.phone,
          codeHash: hashCode(body.phone, code),
          ip: ctx.ip,
          client,
          createdAt: now,
          expiresAt: addMinutes(now, OTP_TTL_MINUTES),
        });
        return undefined;
      });
      if (refusal) {
        throw new AppError('rate_limited', refusal.message, { headers: { 'Retry-After': retryAfter(refusal.waitMs) } });
      }
      await sms.send({
        to: body.phone,
        text: `Your Rehabit verification code is ${code}. It expires in ${OTP_TTL_MINUTES} minutes.`,
        suppress: clinic?.code === config.RESTRICTED_CLINIC_CODE,
      });
      await audit.record({ action: 'patient.otp_sent', outcome: 'success', clinicId: clinic?.id, ip: ctx.ip });
      return { detail: `We sent a 6-digit code to ${body.phone}.` };
    },

    async verifyOtp(body: VerifyOtpBody, ctx: RequestContext) {
      const now = clock.now();
      const client = clientKey(ctx.ip);
      const since = ago(now, DAY_MS);
      const outcome = await signInData.transaction(async (data) => {
        const repo = data.otp;
        await repo.lockPhone(body.phone);
        const challenge = await repo.findPending(body.phone, client, now);
        if (!challenge) return { kind: 'expired' } as const;
        // Only the client's own wrong codes can refuse it: others' never lock the patient out (decision 1295).
        const failures = await repo.failuresSince(body.phone, since);
        const refused = verifyRefusal(failures, client, now);
        if (refused) return { kind: 'refused', ...refused } as const;
        if (triesLeft(challenge, client) <= 0) {
          const wait = sendRefusal(await repo.sendsSince(body.phone, since), client, now)?.waitMs ?? 0;
          return { kind: 'used_up', wait } as const;
        }
        if (!safeEqual(challenge.codeHash, hashCode(body.phone, body.otp))) {
          const foreign = challenge.client !== client;
          const counted = {
            client: challenge.client,
            attempts: challenge.attempts + 1,
            foreignAttempts: challenge.foreignAttempts + (foreign ? 1 : 0),
          };
          await repo.update(challenge.id, { attempts: counted.attempts, foreignAttempts: counted.foreignAttempts });
          await repo.recordFailure({ phone: body.phone, client, ip: ctx.ip, at: now }, since);
          const message = wrongCodeMessage(counted, [...failures, { at: now, client }], client, now);
          // The try that uses the code up already answers so: the patient must ask for a new one.
          return { kind: 'wrong', message, dead: triesLeft(counted, client) <= 0 } as const;
        }
        const token = randomToken();
        await repo.update(challenge.id, { verifiedAt: now, verificationTokenHash: hashToken(token) });
        return { kind: 'verified', token } as const;
      });
      switch (outcome.kind) {
        case 'expired':
          throw new AppError('invalid_token', 'This code has expired. Ask for a new one.', {
            errors: { otp: ['This code has expired. Ask for a new one.'] },
          });
        case 'refused':
          throw new AppError('rate_limited', outcome.message, {
            errors: { otp: [outcome.message] },
            headers: { 'Retry-After': retryAfter(outcome.waitMs) },
          });
        case 'used_up': {
          const message = usedUpMessage(outcome.wait);
          throw new AppError('code_used_up', message, { errors: { otp: [message] } });
        }
        case 'wrong':
          await audit.record({ action: 'patient.otp_verify', outcome: 'failure', ip: ctx.ip });
          if (outcome.dead) throw new AppError('code_used_up', outcome.message, { errors: { otp: [outcome.message] } });
          throw fieldError('otp', outcome.message);
      }
      await audit.record({ action: 'patient.otp_verify', outcome: 'success', ip: ctx.ip });
      const signinToken = await signInByPhone?.(body.phone, ctx);
      return {
        verified: true as const,
        verification_token: outcome.token,
        ...(signinToken ? { token: signinToken } : {}),
      };
    },

    async register(body: QrRegistrationBody, ctx: RequestContext) {
      const now = clock.now();
      const clinic = await clinics.findByCode(body.clinic_code);
      if (!clinic) throw fieldError('clinic_code', 'No clinic has this code. Scan the QR code at your clinic again.');
      const phone = toE164(body.selected_code, body.phone);
      const challenge = await otp.findByVerificationToken(hashToken(body.verification_token));
      const fresh =
        challenge?.verifiedAt && challenge.verifiedAt.getTime() > addMinutes(now, -VERIFIED_TTL_MINUTES).getTime();
      if (!challenge || !fresh || challenge.phone !== phone) {
        throw new AppError('invalid_token', 'Verify your phone number again.', {
          errors: { phone: ['Verify your phone number again.'] },
        });
      }
      if (body.email && (await signInData.users.findByEmail(body.email))) {
        throw new AppError('conflict', 'An account with this e-mail exists already', {
          errors: { email: ['An account with this e-mail exists already. Ask your clinic for help.'] },
        });
      }
      if (body.password) {
        const weakness = passwordWeakness(body.password, [body.first_name, body.last_name]);
        if (weakness) throw new AppError('weak_password', weakness, { errors: { password: [weakness] } });
        if (!body.email) throw fieldError('email', 'Give an e-mail to sign in with this password');
      }
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      const patientId = await signInData.transaction(async (data) => {
        // The patient joins the clinic of the QR code they registered with.
        const clinicData = data.within(clinicScope(clinic.id));
        const userId =
          passwordHash && body.email
            ? await clinicData.users.insert({
                email: body.email,
                passwordHash,
                firstName: body.first_name,
                lastName: body.last_name,
                role: 'patient',
                approvalStatus: 'approved',
              })
            : null;
        const repo = clinicData.patients;
        const id = await repo.insert({
          userId,
          ...identityColumnsOf(body),
          source: 'qr',
          createdAt: now,
          updatedAt: now,
        });
        await repo.recordEvent({
          patientId: id,
          action: 'register',
          toStatus: 'registered',
          actorUserId: userId,
          at: now,
          detail: { source: 'qr' },
        });
        // The clinic's task to onboard the new patient, by the same rule (and cause) as the rules' job.
        await tasks.patientChanged(clinicData, { id, clinicId: clinic.id });
        await data.otp.update(challenge.id, { consumedAt: now });
        await audit.record(
          {
            action: 'patient.qr_register',
            outcome: 'success',
            actorUserId: userId,
            clinicId: clinic.id,
            patientId: id,
            ip: ctx.ip,
          },
          data.db,
        );
        return id;
      });
      return { id: patientId, detail: `You are registered with ${clinic.name}. Your therapist will be in touch.` };
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
