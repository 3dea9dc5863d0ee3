import {
  CLINIC_LOGO_MAX_BYTES,
  type Clinic,
  type ClinicDetailsChange,
  type ClinicLogoUpload,
  type FileAnswer,
} from '@rehabit/contract';
import type { Config } from '../../config.ts';
import { clinicScope } from '../../db/scope.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, clinicAudit, noteNothingChanged } from '../../lib/audit.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import type { Caller } from '../data-access.ts';
import { type ClinicDetails, toClinic } from './clinics.repository.ts';

type Deps = { audit: AuditLog; config: Pick<Config, 'RESTRICTED_CLINIC_CODE'> };

type Value = string | boolean | null;

/** Each field of the change's body and the clinic's column it sets. */
const detailFields = [
  ['name', 'name'],
  ['address', 'address'],
  ['npi', 'npi'],
  ['tin', 'tin'],
  ['handout_attachments', 'handoutAttachments'],
] as const satisfies readonly (readonly [keyof ClinicDetailsChange, keyof ClinicDetails])[];

/** The first bytes every file of each type of logo starts with. */
const signatures = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
} as const;

const isOfType = (bytes: Uint8Array, type: ClinicLogoUpload['type']) =>
  signatures[type].every((byte, index) => bytes[index] === byte);

/** The logo's bytes when they are a PNG or JPEG of the type sent and at most 200 kB (decision 1430). */
function checkedLogo({ image, type }: ClinicLogoUpload): Uint8Array {
  const bytes = Buffer.from(image, 'base64');
  if (bytes.byteLength > CLINIC_LOGO_MAX_BYTES) {
    throw new AppError('payload_too_large', `The logo is ${Math.ceil(bytes.byteLength / 1024)} kB: use at most 200 kB`);
  }
  if (!isOfType(bytes, type)) {
    const named = type === 'image/png' ? 'PNG' : 'JPEG';
    throw fieldError('image', `This file is not a ${named} image: choose a PNG or JPEG file`);
  }
  return bytes;
}

/** The clinic's own details, each change audited with its old and new values. */
export function createClinicSettingsService({ audit, config }: Deps) {
  return {
    /**
     * Changes what the body sends in the clinic the caller may set up (a supervisor's own, any for an admin; another
     * is not found), holding the clinic's row so the one audit row has the values really replaced. Sending the values
     * the clinic already has changes nothing and writes no row.
     */
    async changeDetails(actor: Caller, code: string, body: ClinicDetailsChange, ctx: RequestContext): Promise<Clinic> {
      const updated = await actor.data.transaction(async (data) => {
        const clinic = await data.clinics.lockByCode(code);
        if (!clinic) throw notFound('clinic');
        const changes: Partial<ClinicDetails> = {};
        const detail: Record<string, { old: Value; new: Value }> = {};
        for (const [field, column] of detailFields) {
          const value = body[field];
          if (value === undefined || value === clinic[column]) continue;
          Object.assign(changes, { [column]: value });
          detail[field] = { old: clinic[column], new: value };
        }
        if (Object.keys(changes).length === 0) {
          noteNothingChanged();
          return clinic;
        }
        // The clinic found in the caller's scope is the one changed (decision 1340).
        await data.within(clinicScope(clinic.id)).clinics.updateDetails(changes);
        await clinicAudit(audit)(actor, 'clinic.update', clinic, ctx, detail, data.db);
        return { ...clinic, ...changes };
      });
      return toClinic(updated, config.RESTRICTED_CLINIC_CODE);
    },

    /** The logo of the caller's clinic (any for an admin); another clinic's, or none, is not found. */
    async logo(actor: Caller, code: string): Promise<FileAnswer> {
      const clinic = await actor.data.clinics.findByCode(code);
      const logo = clinic && (await actor.data.within(clinicScope(clinic.id)).clinics.logo());
      if (!clinic || !logo) throw notFound('logo');
      return {
        filename: `logo-${clinic.code}.${logo.type === 'image/png' ? 'png' : 'jpg'}`,
        content: Buffer.from(logo.bytes),
        type: logo.type,
      };
    },

    /**
     * Sets (or, with null, removes) the logo of the clinic the caller may set up, audited as a change of the
     * clinic's details naming the logo, never its bytes. Removing a logo the clinic does not have changes nothing.
     */
    async changeLogo(actor: Caller, code: string, upload: ClinicLogoUpload | null, ctx: RequestContext) {
      const logo = upload && { bytes: checkedLogo(upload), type: upload.type };
      const updated = await actor.data.transaction(async (data) => {
        const clinic = await data.clinics.lockByCode(code);
        if (!clinic) throw notFound('clinic');
        if (!logo && !clinic.hasLogo) {
          noteNothingChanged();
          return clinic;
        }
        await data.within(clinicScope(clinic.id)).clinics.setLogo(logo);
        await clinicAudit(audit)(actor, 'clinic.update', clinic, ctx, { fields: ['logo'], removed: !logo }, data.db);
        return { ...clinic, hasLogo: logo !== null };
      });
      return toClinic(updated, config.RESTRICTED_CLINIC_CODE);
    },
  };
}
export type ClinicSettingsService = ReturnType<typeof createClinicSettingsService>;
