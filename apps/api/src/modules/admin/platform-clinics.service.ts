import { randomInt } from 'node:crypto';
import {
  type AdminClinicListQuery,
  type ClinicOverview,
  type CreateClinicBody,
  type PageQuery,
  toPage,
} from '@rehabit/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { clinicScope, crossClinic } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, clinicAudit } from '../../lib/audit.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { hashPassword, passwordWeakness } from '../../lib/passwords.ts';
import { displayName } from '../auth/users.repository.ts';
import { type ClinicOverviewRow, toClinic } from '../clinics/clinics.repository.ts';
import { type Caller, dataFor } from '../data-access.ts';

type Deps = { db: Db; audit: AuditLog; config: Pick<Config, 'RESTRICTED_CLINIC_CODE'> };

// Letters and digits that cannot be misread for each other when a code is read out or typed (no 0/O, 1/I/L).
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GENERATED_CODE_LENGTH = 6;
const GENERATED_CODE_TRIES = 5;

const generatedCode = () =>
  Array.from({ length: GENERATED_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const conflict = (field: string, message: string) => fieldError(field, message, 'conflict');

/** The platform admin's clinics: the list with counts, one clinic, and a new clinic with its supervisor. */
export function createPlatformClinicsService({ db, audit, config }: Deps) {
  /** The clinics the caller reaches: every clinic for platform staff (decision 1340). */
  const clinicsOf = (actor: Caller) => actor.data.clinics;
  // Whether an e-mail is taken is asked of every clinic: an e-mail signs in to one account (decision 1340).
  const users = dataFor(db, crossClinic('sign-in')).users;

  const toOverview = (row: ClinicOverviewRow): ClinicOverview => ({
    ...toClinic(row, config.RESTRICTED_CLINIC_CODE),
    supervisor:
      row.supervisorUserId && row.supervisorEmail
        ? {
            id: row.supervisorUserId,
            display_name: displayName({
              firstName: row.supervisorFirstName ?? '',
              lastName: row.supervisorLastName ?? '',
            }),
            email: row.supervisorEmail,
          }
        : null,
    staff_count: row.staffCount,
    patients_count: row.patientsCount,
    created_at: row.createdAt.toISOString(),
  });

  /** A code no clinic has: the one asked for, or a new one of six letters and digits (decision 0004). */
  async function freeCode(actor: Caller, asked: string | undefined): Promise<string> {
    const clinics = clinicsOf(actor);
    if (asked) {
      if (await clinics.findByCode(asked)) throw conflict('code', 'Another clinic has this code');
      return asked;
    }
    for (let i = 0; i < GENERATED_CODE_TRIES; i++) {
      const code = generatedCode();
      if (!(await clinics.findByCode(code))) return code;
    }
    throw new AppError('conflict', 'No free clinic code was found; try again');
  }

  async function overviewOf(actor: Caller, code: string) {
    const row = await clinicsOf(actor).overviewByCode(code);
    if (!row) throw notFound('clinic');
    return toOverview(row);
  }

  return {
    async list(actor: Caller, query: AdminClinicListQuery) {
      const { rows, count } = await clinicsOf(actor).overviews({
        search: query.search || undefined,
        page: query.page,
        pageSize: query.page_size,
      });
      return toPage(rows.map(toOverview), count, query);
    },

    /** Every clinic's code and name, a page at a time, for the admin's clinic picker (decision 1150). */
    async choices(actor: Caller, query: PageQuery) {
      const { rows, count } = await clinicsOf(actor).names({ page: query.page, pageSize: query.page_size });
      return toPage(rows, count, query);
    },

    /** One clinic for the admin's read-only view, audited as a read of that clinic. */
    async detail(actor: Caller, code: string, ctx: RequestContext): Promise<ClinicOverview> {
      const overview = await overviewOf(actor, code);
      await audit.record({
        action: 'clinic.read',
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: overview.id,
        ip: ctx.ip,
      });
      return overview;
    },

    /**
     * The clinic and its supervisor in one transaction, with one audit row. The supervisor is approved from the
     * start and signs in with the clinic's code and the password given (decision 0003), or with their e-mail.
     */
    async create(actor: Caller, input: CreateClinicBody, ctx: RequestContext): Promise<ClinicOverview> {
      const { supervisor } = input;
      if (await users.findByEmail(supervisor.email))
        throw conflict('supervisor.email', 'Another account uses this e-mail');
      const code = await freeCode(actor, input.code);
      const weakness = passwordWeakness(supervisor.password, [code, supervisor.first_name, supervisor.last_name]);
      if (weakness) throw new AppError('weak_password', weakness, { errors: { 'supervisor.password': [weakness] } });
      const passwordHash = await hashPassword(supervisor.password);
      await actor.data.transaction(async (data) => {
        const clinic = await data.clinics.insert({
          code,
          name: input.name,
          timezone: input.timezone,
        });
        const own = data.within(clinicScope(clinic.id));
        const supervisorId = await own.users.insert({
          email: supervisor.email,
          passwordHash,
          firstName: supervisor.first_name,
          lastName: supervisor.last_name,
          role: 'supervisor',
          approvalStatus: 'approved',
          hasAccess: true,
        });
        await own.clinics.setSupervisor(supervisorId);
        await clinicAudit(audit)(
          actor,
          'clinic.create',
          { id: clinic.id, code },
          ctx,
          {
            name: { old: null, new: input.name },
            timezone: { old: null, new: input.timezone },
            supervisor_user_id: { old: null, new: supervisorId },
          },
          data.db,
        );
      });
      return overviewOf(actor, code);
    },
  };
}
export type PlatformClinicsService = ReturnType<typeof createPlatformClinicsService>;
