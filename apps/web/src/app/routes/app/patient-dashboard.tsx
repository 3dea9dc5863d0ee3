import { Activity, ArrowLeft, ClipboardList, LineChart, MessageSquare, NotebookPen } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { EmptyState } from '../../../components/ui/feedback/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import './screens.css';

const sections = [
  { id: 'program', title: 'Program', icon: ClipboardList, text: 'The home exercise program: videos, sets and reps.' },
  { id: 'progress', title: 'Progress', icon: LineChart, text: 'Exercise adherence, pain and activity week by week.' },
  {
    id: 'functional-data',
    title: 'Functional data',
    icon: Activity,
    text: 'Outcome measures such as NPRS, LEFS or range of motion.',
  },
  {
    id: 'interaction-log',
    title: 'Interaction log',
    icon: NotebookPen,
    text: 'Calls and notes, dated, for billing and audits.',
  },
  { id: 'chat', title: 'Chat', icon: MessageSquare, text: 'Messages with this patient.' },
] as const;

export function PatientDashboardRoute() {
  const { id } = useParams();
  return (
    <>
      <Link className="back-link" to={paths.patients.getHref()}>
        <ArrowLeft size={16} aria-hidden="true" /> Patients
      </Link>
      <PageHeader title="Patient dashboard" description={`Patient #${id}`} />
      <nav className="section-tabs" aria-label="Patient sections">
        {sections.map((section) => (
          <a key={section.id} href={`#${section.id}`} className="section-tabs__link">
            {section.title}
          </a>
        ))}
      </nav>
      {sections.map((section) => (
        <section key={section.id} id={section.id} className="section-card" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`} className="section-card__title">
            {section.title}
          </h2>
          <EmptyState icon={section.icon} title={`No ${section.title.toLowerCase()} yet`} description={section.text} />
        </section>
      ))}
    </>
  );
}
