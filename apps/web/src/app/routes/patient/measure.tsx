import { MeasurePage } from '@web/features/patient-app/components/measures/measure-page.tsx';
import { useParams } from 'react-router';

export function Component() {
  const { assignmentId } = useParams();
  const id = /^\d+$/.test(assignmentId ?? '') ? Number(assignmentId) : 0;
  return <MeasurePage key={id} assignmentId={id} />;
}
