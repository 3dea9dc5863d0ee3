import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { ClipboardList, LayoutDashboard } from 'lucide-react';
import './screens.css';

export function DashboardRoute() {
  return (
    <>
      <PageHeader title="Dashboard" description="Your patients in monitoring and what needs doing this month." />
      <section className="section-card" aria-labelledby="overview-title">
        <h2 id="overview-title" className="section-card__title">
          This month
        </h2>
        <EmptyState
          icon={LayoutDashboard}
          title="Nothing to report yet"
          description="Minutes monitored, patients needing a call and patients ready to bill appear here once you follow patients."
        />
      </section>
      <section id="tasks" className="section-card" aria-labelledby="tasks-title">
        <h2 id="tasks-title" className="section-card__title">
          Tasks
        </h2>
        <EmptyState
          icon={ClipboardList}
          title="No open tasks"
          description="Call reminders, patients to onboard and other follow-ups land here."
        />
      </section>
    </>
  );
}
