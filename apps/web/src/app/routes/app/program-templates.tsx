import { TemplatesScreen } from '@web/features/program/components/templates-screen.tsx';
import './screens.css';

/** The clinic's program templates and the shipped protocols (decisions 1400, 1401). */
export function ProgramTemplatesRoute() {
  return <TemplatesScreen />;
}
