import type { Clinic } from '@rehabit/contract';
import { Switch } from '@web/components/ui/switch/switch.tsx';
import { notify } from '@web/lib/notify.ts';
import { useChangeHandoutAttachments } from '../api/change-clinic-details.ts';

/** Whether the program handout is e-mailed with its PDF attached (decision 1415): off unless the clinic chooses it. */
export function HandoutAttachmentsSetting({ clinic }: { clinic: Clinic }) {
  const change = useChangeHandoutAttachments(clinic.code);
  return (
    <div className="clinic-settings__handout">
      <Switch
        label="Attach the handout’s PDF to e-mails"
        checked={clinic.handout_attachments}
        isBusy={change.isPending}
        hint="E-mail the program handout as a PDF attachment. E-mail is not encrypted end to end: the attachment holds the patient's exercise program. When off, the e-mail only links to the patient's sign-in."
        onChange={(allowed) =>
          change.mutate(allowed, {
            onSuccess: () =>
              notify.success(
                allowed ? 'Handout e-mails now carry the PDF' : 'Handout e-mails now carry a sign-in link only',
              ),
          })
        }
      />
    </div>
  );
}
