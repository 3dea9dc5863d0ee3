import { ClinicsScreen } from '@web/features/admin-clinics/components/clinics-screen.tsx';
import './screens.css';

export function AdminClinicsRoute() {
  return <ClinicsScreen />;
}
