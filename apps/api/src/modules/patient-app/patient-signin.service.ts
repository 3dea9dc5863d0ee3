import type { SigninBody } from '@rehabit/contract';
import type { Db } from '../../db/client.ts';
import { clinicScope, crossClinic } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { AuditLog } from '../../lib/audit.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomToken } from '../../lib/tokens.ts';
import type { SigninService } from '../auth/signin.service.ts';
import { dataFor } from '../data-access.ts';

type Deps = { db: Db; signin: Pick<SigninService, 'patientSignin' | 'openPatientSession'>; audit: AuditLog };

/**
 * `.invalid` is reserved (RFC 2606): the address of a phone-only account can never receive mail, and it keeps
 * users.email unique and not null.
 */
export const phoneAccountEmail = (patientId: number) => `patient-${patientId}@phone.invalid`;

/** Patients sign in by a verified phone or by e-mail and password (decision 0410). */
export function createPatientSigninService({ db, signin, audit }: Deps) {
  // The patient a verified phone or a checked password belongs to, found before any clinic is known.
  const signInData = dataFor(db, crossClinic('sign-in'));
  const repo = signInData.patientApp;

  /** The patient's account: the linked one, or a phone-only account made now for a patient registered by staff. */
  async function accountOf(patient: { id: number; clinicId: number; firstName: string; lastName: string }) {
    const email = phoneAccountEmail(patient.id);
    // Nobody knows this password; the account is reached by phone codes only.
    const passwordHash = await hashPassword(randomToken());
    return signInData.within(clinicScope(patient.clinicId)).transaction(async (data) => {
      const linked = await data.patientApp.findLinkedUserId(patient.id);
      if (linked) return linked;
      // Two devices verifying at once both land here; the unique e-mail makes the second one reuse the first's.
      const users = data.users;
      await users.insertUnlessTaken({
        email,
        passwordHash,
        firstName: patient.firstName,
        lastName: patient.lastName,
        role: 'patient',
        approvalStatus: 'approved',
      });
      const account = (await users.findByEmail(email))!;
      if (await data.patientApp.linkUser(patient.id, account.id)) {
        await audit.record(
          {
            action: 'patient.account_created',
            outcome: 'success',
            actorUserId: account.id,
            clinicId: patient.clinicId,
            patientId: patient.id,
            detail: { method: 'phone' },
          },
          data.db,
        );
      }
      return (await data.patientApp.findLinkedUserId(patient.id)) ?? account.id;
    });
  }

  return {
    /** After a phone code was verified: a session token when the phone belongs to a patient, else undefined. */
    async signInByPhone(e164: string, ctx: RequestContext): Promise<string | undefined> {
      const patient = await repo.findPatientByPhone(e164);
      if (!patient) return undefined;
      const userId = patient.userId ?? (await accountOf(patient));
      const { token } = await signin.openPatientSession(userId, patient.clinicId, patient.id, ctx);
      return token;
    },

    signInByPassword: (body: SigninBody, ctx: RequestContext) =>
      signin.patientSignin(body, ctx, (userId) => repo.findPatientIdOfUser(userId)),
  };
}
export type PatientSigninService = ReturnType<typeof createPatientSigninService>;
