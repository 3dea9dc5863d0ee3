import { createHmac, randomInt } from 'node:crypto';
import type { QrRegistrationBody, SendOtpBody, VerifyOtpBody } from '@rehabit/contract';
import { toE164 } from '@rehabit/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { tasks } from '../../db/schema.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { addMinutes, type Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { hashPassword, passwordWeakness } from '../../lib/passwords.ts';
import type { SmsSender } from '../../lib/sms.ts';
import { hashToken, randomToken, safeEqual } from '../../lib/tokens.ts';
import type { RequestContext } from '../auth/auth.service.ts';
import { createUsersRepository } from '../auth/users.repository.ts';
import { createClinicsRepository } from '../clinics/clinics.repository.ts';
import { createOtpRepository } from './otp.repository.ts';
import { createPatientsRepository } from './patients.repository.ts';

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_SENDS_PER_WINDOW = 3;
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
};
type Ctx = RequestContext;

/** Phone verification by a 6-digit code, then the patient's own registration from the clinic's QR code. */
export function createRegistrationService({ db, clock, sms, audit, config, signInByPhone }: Deps) {
  const otp = createOtpRepository(db);
  const clinics = createClinicsRepository(db);
  // Keyed hash: a leaked table does not give the codes away by brute force of a plain hash.
  const hashCode = (phone: string, code: string) =>
    createHmac('sha256', config.APP_SECRET).update(`${phone}:${code}`).digest('hex');

  return {
    async sendOtp(body: SendOtpBody, ctx: Ctx) {
      const now = clock.now();
      const clinic = body.clinic_code ? await clinics.findByCode(body.clinic_code) : undefined;
      if (body.clinic_code && !clinic) throw fieldError('clinic_code', 'No clinic has this code');
      const recent = await otp.countSince(body.phone, addMinutes(now, -OTP_TTL_MINUTES));
      if (recent >= OTP_MAX_SENDS_PER_WINDOW) {
        throw new AppError(
          'rate_limited',
          `Too many codes were sent to this phone. Try again in ${OTP_TTL_MINUTES} minutes.`,
          {
            headers: { 'Retry-After': String(OTP_TTL_MINUTES * 60) },
          },
        );
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await otp.create({
        phone: body.phone,
        codeHash: hashCode(body.phone, code),
        ip: ctx.ip,
        createdAt: now,
        expiresAt: addMinutes(now, OTP_TTL_MINUTES),
      });
      await sms.send({
        to: body.phone,
        text: `Your Rehabit verification code is ${code}. It expires in ${OTP_TTL_MINUTES} minutes.`,
        suppress: clinic?.code === config.RESTRICTED_CLINIC_CODE,
      });
      await audit.record({ action: 'patient.otp_sent', outcome: 'success', clinicId: clinic?.id, ip: ctx.ip });
      return { detail: `We sent a 6-digit code to ${body.phone}.` };
    },

    async verifyOtp(body: VerifyOtpBody, ctx: Ctx) {
      const now = clock.now();
      const challenge = await otp.findPending(body.phone, now);
      if (!challenge)
        throw new AppError('invalid_token', 'This code has expired. Ask for a new one.', {
          errors: { otp: ['This code has expired. Ask for a new one.'] },
        });
      if (challenge.attempts >= OTP_MAX_ATTEMPTS) {
        throw new AppError('rate_limited', 'Too many wrong codes. Ask for a new one.', {
          errors: { otp: ['Too many wrong codes. Ask for a new one.'] },
        });
      }
      if (!safeEqual(challenge.codeHash, hashCode(body.phone, body.otp))) {
        const attempts = challenge.attempts + 1;
        await otp.update(challenge.id, { attempts });
        await audit.record({ action: 'patient.otp_verify', outcome: 'failure', ip: ctx.ip });
        const left = OTP_MAX_ATTEMPTS - attempts;
        const message =
          left > 0
            ? `The code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
            : 'Too many wrong codes. Ask for a new one.';
        throw fieldError('otp', message);
      }
      const token = randomToken();
      await otp.update(challenge.id, { verifiedAt: now, verificationTokenHash: hashToken(token) });
      await audit.record({ action: 'patient.otp_verify', outcome: 'success', ip: ctx.ip });
      const signinToken = await signInByPhone?.(body.phone, ctx);
      return { verified: true as const, verification_token: token, ...(signinToken ? { token: signinToken } : {}) };
    },

    async register(body: QrRegistrationBody, ctx: Ctx) {
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
      const users = createUsersRepository(db);
      if (body.email && (await users.findByEmail(body.email))) {
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
      const patientId = await db.transaction(async (tx) => {
        const userId =
          passwordHash && body.email
            ? await createUsersRepository(tx).insert({
                clinicId: clinic.id,
                email: body.email,
                passwordHash,
                firstName: body.first_name,
                lastName: body.last_name,
                role: 'patient',
                approvalStatus: 'approved',
              })
            : null;
        const repo = createPatientsRepository(tx);
        const id = await repo.insert({
          clinicId: clinic.id,
          userId,
          firstName: body.first_name,
          lastName: body.last_name,
          dialCode: body.selected_code,
          phone: body.phone,
          birthday: body.birthday,
          email: body.email ?? null,
          source: 'qr',
          createdAt: now,
          updatedAt: now,
        });
        await repo.recordEvent({
          patientId: id,
          clinicId: clinic.id,
          action: 'register',
          toStatus: 'registered',
          actorUserId: userId,
          at: now,
          detail: { source: 'qr' },
        });
        await tx.insert(tasks).values({
          clinicId: clinic.id,
          patientId: id,
          kind: 'onboard_patient',
          title: `Onboard ${body.first_name} ${body.last_name}, who registered by QR code`,
          createdAt: now,
        });
        await createOtpRepository(tx).update(challenge.id, { consumedAt: now });
        await audit.record(
          {
            action: 'patient.qr_register',
            outcome: 'success',
            actorUserId: userId,
            clinicId: clinic.id,
            patientId: id,
            ip: ctx.ip,
          },
          tx,
        );
        return id;
      });
      return { id: patientId, detail: `You are registered with ${clinic.name}. Your therapist will be in touch.` };
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
