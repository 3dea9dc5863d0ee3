import { BILLING_FILE_MAX_BYTES, type BillingFileStatus, type billingFileUploadSchema } from '@rehabit/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { AuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { Caller, TxData } from '../data-access.ts';
import { clinicMonthOfCall, type MonthParams } from './billing-clinic.ts';
import { createBillingFileMaker } from './billing-file-maker.ts';
import type { BillingFileInfo } from './billing-files.repository.ts';
import { createMonthClose } from './month-close.ts';
import { readUploadedWorkbook, WORKBOOK_MAX_INFLATED_BYTES } from './uploaded-workbook.ts';

type Deps = { db: Db; clock: Clock; audit: AuditLog; config: Pick<Config, 'RESTRICTED_CLINIC_CODE'> };
type Upload = z.infer<typeof billingFileUploadSchema>;

const statusOf = (file: BillingFileInfo | undefined): BillingFileStatus => ({
  exists: Boolean(file),
  name: file?.name ?? null,
  source: file?.source ?? null,
  created_at: file?.createdAt.toISOString() ?? null,
});

const notAWorkbook = () =>
  fieldError(
    'content',
    'This is not an XLSX workbook: save the file from the spreadsheet as .xlsx and upload it again',
  );

/** The bytes of an uploaded workbook, refused unless they are an XLSX file (a zip) that a spreadsheet can open. */
async function workbookBytes(upload: Upload): Promise<Buffer> {
  const bytes = Buffer.from(upload.content, 'base64');
  if (bytes.byteLength > BILLING_FILE_MAX_BYTES) throw new AppError('payload_too_large', 'The file is over 5 MB');
  if (bytes.byteLength < 4 || bytes.toString('latin1', 0, 2) !== 'PK') throw notAWorkbook();
  switch (await readUploadedWorkbook(bytes)) {
    case 'ok':
      return bytes;
    case 'not_a_workbook':
      throw notAWorkbook();
    case 'too_large':
      throw new AppError(
        'payload_too_large',
        `This workbook unpacks to over ${WORKBOOK_MAX_INFLATED_BYTES / 1024 / 1024} MB, more than a billing file holds: check that it is the right file`,
      );
    case 'too_slow':
      throw fieldError(
        'content',
        'This workbook takes too long to read: save it again from the spreadsheet and upload it',
      );
  }
}

/**
 * A clinic month's billing file (decision 0801): whether it exists and its download for the clinic's
 * staff; making it again or replacing it with a corrected workbook for admins. The month close job makes it too,
 * with the jobs' data access (`db` is for it alone).
 */
export function createBillingFilesService({ db, clock, audit, config }: Deps) {
  const maker = createBillingFileMaker({ clock, audit, config });

  const clinicMonth = (actor: Caller, params: MonthParams, clinicCode: string | undefined) =>
    clinicMonthOfCall(actor, params, clinicCode, clock.now());

  /**
   * A signed month's file is the one signed (decision 1210): it is never made again nor replaced. Asked inside the
   * change's transaction, with the month held, so a sign-off cannot land between the question and the change.
   */
  async function refuseSigned(data: TxData, month: string) {
    await data.billingFiles.lockMonth(month);
    const signOff = await data.billingSignOff.find(month);
    if (signOff) {
      throw new AppError(
        'conflict',
        `${month} was signed off by ${signOff.signerName}: its file stays the one signed; later changes are listed for the next month's review`,
      );
    }
  }

  return {
    monthClose: createMonthClose({ db, clock, maker }),

    async checkFile(actor: Caller, params: MonthParams, query: { clinic_code?: string }): Promise<BillingFileStatus> {
      const { clinicData, month } = await clinicMonth(actor, params, query.clinic_code);
      return statusOf(await clinicData.billingFiles.newest(month));
    },

    async downloadFile(actor: Caller, params: MonthParams, query: { clinic_code?: string }, ctx: RequestContext) {
      const { clinic, clinicData, month } = await clinicMonth(actor, params, query.clinic_code);
      const file = await clinicData.billingFiles.newestWithContent(month);
      if (!file) throw new AppError('not_found', `No billing file for ${month} yet`);
      await audit.record({
        action: 'billing.file_download',
        outcome: 'success',
        actorUserId: actor.id,
        clinicId: clinic.id,
        ip: ctx.ip,
        detail: { month, file_id: file.id, source: file.source },
      });
      return { content: Buffer.from(file.content).toString('base64'), name: file.name };
    },

    /**
     * An admin makes the month's file now from the data as it stands: a new version, and the badge. A month that has
     * ended is closed by it too, so the month-close job does not make another one after it, and is filed anew with
     * the new file's figures (decision 1285).
     */
    async regenerateFile(actor: Caller, params: MonthParams & { clinicCode: string }, ctx: RequestContext) {
      const { clinicData, month, currentMonth } = await clinicMonth(actor, params, params.clinicCode);
      const file = await clinicData.transaction(async (data) => {
        await refuseSigned(data, month);
        const repo = data.billingFiles;
        const hasEnded = month < currentMonth;
        if (hasEnded) await repo.closeMonth(month);
        const { info, figures } = await maker.generate(data, month, { userId: actor.id, ip: ctx.ip });
        // An ended month is filed anew: its screens show the new file's figures, and corrections count from now.
        if (hasEnded) await repo.setClosedMonthFile(month, { fileId: info.id, figures, at: clock.now() });
        return info;
      });
      return statusOf(file);
    },

    /** An admin replaces the month's file with a corrected workbook: a new version, and the badge. */
    async uploadFile(actor: Caller, params: MonthParams & { clinicCode: string }, body: Upload, ctx: RequestContext) {
      const { clinicData, month } = await clinicMonth(actor, params, params.clinicCode);
      const content = await workbookBytes(body);
      const file = await clinicData.transaction(async (data) => {
        await refuseSigned(data, month);
        return maker.store(
          data,
          { month, name: body.name, content, source: 'uploaded' },
          { userId: actor.id, ip: ctx.ip },
          'billing.file_uploaded',
        );
      });
      return statusOf(file);
    },
  };
}

export type BillingFilesService = ReturnType<typeof createBillingFilesService>;
