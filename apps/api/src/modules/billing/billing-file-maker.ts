import type { Config } from '../../config.ts';
import { clinicIdOf, clinicScope } from '../../db/scope.ts';
import type { AuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TxData } from '../data-access.ts';
import type { BillingFileInfo, NewBillingFile } from './billing-files.repository.ts';
import { type ClinicBillingMonth, createBillingMonth } from './billing-month.ts';
import { billingFileName, billingWorkbook } from './billing-workbook.ts';

/** Who stores a file: a person (admin) from an address, or nobody for the month-close job. */
export type FileAuthor = { userId: number; ip: string | null } | null;

type Deps = { clock: Clock; audit: AuditLog; config: Pick<Config, 'RESTRICTED_CLINIC_CODE'> };

/**
 * Storing a month's billing file, the same way whoever stores it: a new version of the month's file, the badge for
 * the clinic's staff, and the audit row, all in the caller's transaction (its data access), in the one clinic of its
 * scope.
 */
export function createBillingFileMaker({ clock, audit, config }: Deps) {
  async function store(
    data: TxData,
    file: Omit<NewBillingFile, 'createdBy'>,
    author: FileAuthor,
    action: 'billing.file_generated' | 'billing.file_uploaded',
  ): Promise<BillingFileInfo> {
    const repo = data.billingFiles;
    const stored = await repo.insert({ ...file, createdBy: author?.userId ?? null });
    await repo.raiseBadge();
    await audit.record(
      {
        action,
        outcome: 'success',
        actorUserId: author?.userId ?? null,
        clinicId: clinicIdOf(data.scope),
        ip: author?.ip ?? null,
        detail: { month: file.month, file_id: stored.id, name: stored.name, bytes: file.content.byteLength },
      },
      data.db,
    );
    return stored;
  }

  /** Makes and stores the workbook of a month already computed; answers the stored file and its bytes. */
  async function generateFrom(data: TxData, billing: ClinicBillingMonth, author: FileAuthor) {
    const content = await billingWorkbook(billing, {
      isDemo: billing.clinic.code === config.RESTRICTED_CLINIC_CODE,
      generatedAt: clock.now(),
    });
    const { clinic, month } = billing;
    const name = billingFileName(clinic.code, month);
    const file = { month, name, content, source: 'generated' as const };
    // The month was computed for a clinic its caller found in its own scope.
    const clinicData = data.within(clinicScope(clinic.id));
    return { info: await store(clinicData, file, author, 'billing.file_generated'), content };
  }

  return {
    store,
    generateFrom,

    /**
     * Makes the month's workbook from the data as it stands in the transaction and stores it; answers the file and
     * the figures it was made from, which a closed month keeps as its filed figures (decision 1285).
     */
    async generate(data: TxData, month: string, author: FileAuthor) {
      const billing = await createBillingMonth(data, clock).monthOfClinic({ clinicId: clinicIdOf(data.scope), month });
      const { info } = await generateFrom(data, billing, author);
      return { info, figures: { codes: billing.codes, patients: billing.patients } };
    },
  };
}

export type BillingFileMaker = ReturnType<typeof createBillingFileMaker>;
