import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { type BillingFileInfo, createBillingFilesRepository, type NewBillingFile } from './billing-files.repository.ts';
import { type ClinicBillingMonth, createBillingMonth } from './billing-month.ts';
import { billingFileName, billingWorkbook } from './billing-workbook.ts';

/** Who stores a file: a person (admin) from an address, or nobody for the month-close job. */
export type FileAuthor = { userId: number; ip: string | null } | null;

type Deps = { clock: Clock; audit: AuditLog; config: Pick<Config, 'RESTRICTED_CLINIC_CODE'> };

/**
 * Storing a month's billing file, the same way whoever stores it: a new version of the month's file, the badge for
 * the clinic's staff, and the audit row, all in the caller's transaction.
 */
export function createBillingFileMaker({ clock, audit, config }: Deps) {
  async function store(
    tx: DbOrTx,
    file: Omit<NewBillingFile, 'createdBy'>,
    author: FileAuthor,
    action: 'billing.file_generated' | 'billing.file_uploaded',
  ): Promise<BillingFileInfo> {
    const repo = createBillingFilesRepository(tx);
    const stored = await repo.insert({ ...file, createdBy: author?.userId ?? null });
    await repo.raiseBadge(file.clinicId);
    await audit.record(
      {
        action,
        outcome: 'success',
        actorUserId: author?.userId ?? null,
        clinicId: file.clinicId,
        ip: author?.ip ?? null,
        detail: { month: file.month, file_id: stored.id, name: stored.name, bytes: file.content.byteLength },
      },
      tx,
    );
    return stored;
  }

  /** Makes and stores the workbook of a month already computed; answers the stored file and its bytes. */
  async function generateFrom(tx: DbOrTx, billing: ClinicBillingMonth, author: FileAuthor) {
    const content = await billingWorkbook(billing, {
      isDemo: billing.clinic.code === config.RESTRICTED_CLINIC_CODE,
      generatedAt: clock.now(),
    });
    const { clinic, month } = billing;
    const name = billingFileName(clinic.code, month);
    const file = { clinicId: clinic.id, month, name, content, source: 'generated' as const };
    return { info: await store(tx, file, author, 'billing.file_generated'), content };
  }

  return {
    store,
    generateFrom,

    /**
     * Makes the month's workbook from the data as it stands in the transaction and stores it; answers the file and
     * the figures it was made from, which a closed month keeps as its filed figures (decision 1285).
     */
    async generate(tx: DbOrTx, clinicId: number, month: string, author: FileAuthor) {
      const billing = await createBillingMonth(tx, clock).monthOfClinic({ clinicId, month });
      const { info } = await generateFrom(tx, billing, author);
      return { info, figures: { codes: billing.codes, patients: billing.patients } };
    },
  };
}

export type BillingFileMaker = ReturnType<typeof createBillingFileMaker>;
