import { useExerciseOutbox } from '@web/features/patient-app/lib/exercise-outbox.ts';
import { CheckCircle2, CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Where the card's session is: being saved, kept on the phone until the network is back, saved, or refused. */
export function LogDeliveryStatus({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const delivery = useExerciseOutbox((state) => state.delivery[clientId]);
  if (!delivery) return null;
  return (
    <p className={`pa-delivery pa-delivery--${delivery}`} role="status">
      {delivery === 'waiting' && <CloudOff size={20} aria-hidden="true" />}
      {delivery === 'sent' && <CheckCircle2 size={20} aria-hidden="true" />}
      {t(`exercise.delivery.${delivery}`)}
    </p>
  );
}
