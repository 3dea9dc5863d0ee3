import { zodResolver } from '@hookform/resolvers/zod';
import { type ClinicOverview, clinicCodeSchema, clinicNameSchema, createClinicBodySchema } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { NameFields } from '@web/components/ui/field/name-fields.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { Modal } from '@web/components/ui/modal/modal.tsx';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCreateClinic } from '../api/create-clinic.ts';

const supervisorShape = createClinicBodySchema.shape.supervisor.shape;
const formSchema = z.object({
  name: clinicNameSchema,
  code: z
    .string()
    .trim()
    .refine((value) => value === '' || clinicCodeSchema.safeParse(value).success, {
      error: 'Clinic codes are 4 to 8 letters or digits',
    }),
  first_name: supervisorShape.first_name,
  last_name: supervisorShape.last_name,
  email: supervisorShape.email,
  password: supervisorShape.password,
});
type FormValues = z.input<typeof formSchema>;
const empty: FormValues = { name: '', code: '', first_name: '', last_name: '', email: '', password: '' };
const fields = Object.keys(empty) as (keyof FormValues)[];
const FORM_ID = 'create-clinic-form';

type CreateClinicDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (clinic: ClinicOverview) => void;
};

/** A new clinic with its supervisor, who signs in with the clinic's code and the password set here. */
export function CreateClinicDialog({ isOpen, onClose, onCreated }: CreateClinicDialogProps) {
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: empty });
  const create = useCreateClinic();
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    form.reset(empty);
    onClose();
  };

  const onSubmit = form.handleSubmit(
    withServerErrors(
      form,
      fields,
      async (values) => {
        const clinic = await create.mutateAsync({
          name: values.name,
          code: values.code ? values.code : undefined,
          supervisor: {
            first_name: values.first_name,
            last_name: values.last_name,
            email: values.email,
            password: values.password,
          },
        });
        form.reset(empty);
        onCreated(clinic);
      },
      // The server names the supervisor's fields by their path (`supervisor.email`); the form's are flat.
      { fieldOf: (key) => key.replace(/^supervisor\./, '') },
    ),
  );

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title="New clinic"
      description="The clinic and its supervisor account. The supervisor signs in with the clinic code and this password, then approves the clinic’s staff."
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} isLoading={isSubmitting}>
            Create clinic
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="create-clinic-form" onSubmit={onSubmit} noValidate aria-label="New clinic">
        {errors.root?.server && <Alert tone="danger">{errors.root.server.message}</Alert>}
        <TextField label="Clinic name" required error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="Clinic code"
          hint="Leave empty to get a new six-character code. The timezone starts as America/New York; change it in the clinic’s billing settings."
          autoCapitalize="characters"
          error={errors.code?.message}
          {...form.register('code')}
        />
        <fieldset className="create-clinic-form__group">
          <legend>Supervisor</legend>
          <div className="create-clinic-form__row">
            <NameFields
              first={{ ...form.register('first_name'), error: errors.first_name?.message }}
              last={{ ...form.register('last_name'), error: errors.last_name?.message }}
            />
          </div>
          <TextField
            label="E-mail"
            type="email"
            required
            autoComplete="off"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label="Password"
            type="password"
            required
            autoComplete="new-password"
            hint="At least 8 characters; tell it to the supervisor in person or by phone."
            error={errors.password?.message}
            {...form.register('password')}
          />
        </fieldset>
      </form>
    </Modal>
  );
}
