import { zodResolver } from '@hookform/resolvers/zod';
import { answerHepRequestBodySchema, type HepRequest } from '@rehabit/contract';
import { Checkbox } from '@web/components/ui/checkbox/checkbox.tsx';
import { TextArea } from '@web/components/ui/field/text-area.tsx';
import { FormDialog } from '@web/components/ui/modal/form-dialog.tsx';
import type { SearchOption } from '@web/components/ui/search-select/search-select.tsx';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { notify } from '@web/lib/notify.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAnswerRequest } from '../api/answer-request.ts';
import { VideoField } from './video-field.tsx';

const fields = ['answer', 'video_id', 'is_declined'] as const;

/** Answers one request, once: words for the requester, a global video if one answers it, or a decline. */
export function AnswerRequestDialog({ request, onClose }: { request: HepRequest; onClose: () => void }) {
  const [video, setVideo] = useState<SearchOption<number> | null>(null);
  const form = useForm({
    resolver: zodResolver(answerHepRequestBodySchema),
    defaultValues: { answer: '', video_id: null, is_declined: false },
  });
  const answer = useAnswerRequest();
  const { errors, isSubmitting } = form.formState;
  const isDeclined = form.watch('is_declined');

  const onSubmit = form.handleSubmit(
    withServerErrors(form, fields, async (body) => {
      await answer.mutateAsync({
        id: request.id,
        body: { ...body, video_id: body.is_declined ? null : body.video_id },
      });
      notify.success(`${request.requested_by.display_name} is told in their tasks`);
      onClose();
    }),
  );

  return (
    <FormDialog
      title="Answer the request"
      description={`From ${request.requested_by.display_name}, clinic ${request.clinic_code}. They get a task when you send it.`}
      onClose={onClose}
      formLabel="Answer the request"
      className="hep-answer-form"
      onSubmit={onSubmit}
      submitLabel={isDeclined ? 'Decline' : 'Send answer'}
      isSubmitting={isSubmitting}
      refusal={errors.root?.server?.message}
    >
      <blockquote className="hep-answer-form__request">{request.request_content}</blockquote>
      <TextArea
        label="Answer"
        required
        rows={4}
        maxLength={2000}
        placeholder={isDeclined ? 'Why it will not be filmed' : 'e.g. Filmed: look for it in the global library'}
        error={errors.answer?.message}
        {...form.register('answer')}
      />
      {!isDeclined && (
        <VideoField
          selected={video}
          onSelect={(option) => {
            setVideo(option);
            form.setValue('video_id', option?.value ?? null);
          }}
          error={errors.video_id?.message}
        />
      )}
      <Checkbox label="Decline: no video will be made" {...form.register('is_declined')} />
    </FormDialog>
  );
}
