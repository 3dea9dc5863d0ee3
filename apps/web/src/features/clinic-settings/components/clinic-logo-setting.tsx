import { CLINIC_LOGO_MAX_BYTES, type Clinic, type ClinicLogoUpload } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { errorMessage } from '@web/lib/api-error.ts';
import { notify } from '@web/lib/notify.ts';
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useChangeClinicLogo, useClinicLogo } from '../api/clinic-logo.ts';

/** A chosen file as the API takes it: its bytes as base64 (after the data URL's prefix) and its type. */
function readLogo(file: File): Promise<ClinicLogoUpload> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve({
        image: String(reader.result).replace(/^data:[^,]*,/, ''),
        type: file.type as ClinicLogoUpload['type'],
      });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** An object URL of the image while it is shown, released after. */
function useObjectUrl(blob: Blob | undefined) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/** The clinic's logo, printed on the program handout (decision 1430): shown, replaced by an upload, or removed. */
export function ClinicLogoSetting({ clinic }: { clinic: Clinic }) {
  const logo = useClinicLogo(clinic.code, clinic.has_logo);
  const url = useObjectUrl(clinic.has_logo ? logo.data : undefined);
  const change = useChangeClinicLogo(clinic.code);
  const [problem, setProblem] = useState<string>();

  const send = (upload: ClinicLogoUpload | null) => {
    setProblem(undefined);
    change.mutate(upload, {
      onSuccess: () => notify.success(upload ? 'Logo saved' : 'Logo removed'),
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // Emptied (keeping the focus on it), so the same file may be chosen again after a refusal.
    input.value = '';
    // One upload at a time; the field stays enabled so the keyboard stays on it.
    if (!file || change.isPending) return;
    if (file.size > CLINIC_LOGO_MAX_BYTES) {
      setProblem(`“${file.name}” is ${Math.ceil(file.size / 1024)} kB: a logo can be at most 200 kB.`);
      return;
    }
    send(await readLogo(file));
  };

  return (
    <div className="clinic-settings__logo">
      <h3 className="clinic-settings__subtitle">Logo</h3>
      <p className="clinic-settings__hint">Printed at the top of the program handout, before the clinic’s name.</p>
      <div className="clinic-settings__logo-preview">
        {clinic.has_logo ? (
          url ? (
            <img src={url} alt="Current logo" />
          ) : (
            <span>{logo.isError ? 'The logo could not be shown' : 'Loading the logo…'}</span>
          )
        ) : (
          <span>No logo yet</span>
        )}
      </div>
      <TextField
        label="Upload a logo (PNG or JPEG, up to 200 kB)"
        type="file"
        accept="image/png,image/jpeg"
        aria-disabled={change.isPending || undefined}
        error={problem}
        onChange={(event) => void choose(event.target)}
      />
      {clinic.has_logo && (
        <Button
          variant="secondary"
          size="sm"
          icon={<Trash2 size={16} aria-hidden />}
          isLoading={change.isPending && change.variables === null}
          disabled={change.isPending}
          onClick={() => send(null)}
        >
          Remove logo
        </Button>
      )}
    </div>
  );
}
