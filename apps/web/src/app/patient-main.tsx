import { mount } from './mount.tsx';
import { patientRoutes } from './patient-routes.tsx';

mount(patientRoutes);
