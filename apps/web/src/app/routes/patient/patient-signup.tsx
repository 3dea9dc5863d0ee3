import { PatientSignup } from '@web/features/patient-app/components/signup/patient-signup.tsx';
import { useSearchParams } from 'react-router';

/** Patients arrive here from their clinic's QR code, `/patient/signup?clinic=CODE`, or give the code here. */
export function Component() {
  const [params, setParams] = useSearchParams();
  return <PatientSignup clinicParam={params.get('clinic')} onChooseClinic={(code) => setParams({ clinic: code })} />;
}
