import { Button } from '@web/components/ui/button/button.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog/confirm-dialog.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { Modal } from '@web/components/ui/modal/modal.tsx';
import { formatMonth } from '@web/components/ui/month-picker/months.ts';
import { errorMessage } from '@web/lib/api-error.ts';
import { notify } from '@web/lib/notify.ts';
import { RefreshCw, Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useRegenerateBillingFile } from '../api/regenerate-billing-file.ts';
import { useUploadBillingFile } from '../api/upload-billing-file.ts';
import { type ChosenWorkbook, readWorkbook } from '../lib/xlsx-file.ts';

type AdminFileActionsProps = { clinicCode: string; month: string; hasFile: boolean };

/** Admins only: make the month's file again from the data as it stands, or replace it with a corrected workbook. */
export function AdminFileActions({ clinicCode, month, hasFile }: AdminFileActionsProps) {
  const [dialog, setDialog] = useState<'regenerate' | 'upload' | null>(null);
  const regenerate = useRegenerateBillingFile(clinicCode, month);
  const close = () => {
    setDialog(null);
    regenerate.reset();
  };

  return (
    <div className="billing-admin">
      <h3 className="billing-admin__title">Admin</h3>
      <Button
        variant="secondary"
        icon={<RefreshCw size={16} aria-hidden="true" />}
        onClick={() => setDialog('regenerate')}
      >
        {hasFile ? 'Make the file again' : 'Make the file now'}
      </Button>
      <Button variant="secondary" icon={<Upload size={16} aria-hidden="true" />} onClick={() => setDialog('upload')}>
        Upload a corrected file
      </Button>
      <ConfirmDialog
        isOpen={dialog === 'regenerate'}
        onClose={close}
        title={`Make the billing file of ${formatMonth(month)}${hasFile ? ' again' : ''}?`}
        confirmLabel={hasFile ? 'Make the file again' : 'Make the file now'}
        isPending={regenerate.isPending}
        error={regenerate.error}
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: () => {
              close();
              notify.success(`The billing file of ${formatMonth(month)} was made again.`);
            },
          })
        }
      >
        <p>
          The file is made from clinic {clinicCode}’s data as it stands now
          {hasFile ? ' and replaces the current one' : ''}. The clinic’s staff see the round ‘1’ on Balances until they
          open it.
        </p>
      </ConfirmDialog>
      {dialog === 'upload' && <UploadDialog clinicCode={clinicCode} month={month} onClose={() => setDialog(null)} />}
    </div>
  );
}

function UploadDialog({ clinicCode, month, onClose }: { clinicCode: string; month: string; onClose: () => void }) {
  const upload = useUploadBillingFile(clinicCode, month);
  const [workbook, setWorkbook] = useState<ChosenWorkbook | null>(null);
  const [problem, setProblem] = useState<string | undefined>();

  const choose = async (file: File | undefined) => {
    setWorkbook(null);
    setProblem(undefined);
    upload.reset();
    if (!file) return;
    const read = await readWorkbook(file);
    if ('error' in read) setProblem(read.error);
    else setWorkbook(read);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!workbook) {
      setProblem(problem ?? 'Choose the corrected .xlsx file first.');
      return;
    }
    upload.mutate(workbook, {
      onSuccess: () => {
        onClose();
        notify.success(`The corrected file is now the billing file of ${formatMonth(month)}.`);
      },
    });
  };

  const formId = `upload-billing-${clinicCode}-${month}`;
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={`Upload a corrected file for ${formatMonth(month)}`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={upload.isPending}>
            Upload
          </Button>
        </>
      }
    >
      <form id={formId} className="billing-upload" onSubmit={submit} noValidate>
        <p>
          The workbook replaces clinic {clinicCode}’s file of {formatMonth(month)}, and its staff see the round ‘1’
          until they open it.
        </p>
        <TextField
          label="Corrected file"
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          hint="An Excel workbook (.xlsx) of at most 5 MB."
          error={problem}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        {upload.isError && (
          <Alert tone="danger" title="The file was not uploaded">
            {errorMessage(upload.error)}
          </Alert>
        )}
      </form>
    </Modal>
  );
}
