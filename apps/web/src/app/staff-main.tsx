import { mount } from './mount.tsx';
import { staffRoutes } from './router.tsx';

mount(staffRoutes);
