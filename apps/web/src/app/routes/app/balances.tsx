import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { BarChart3 } from 'lucide-react';
import './screens.css';

export function BalancesRoute() {
  return (
    <>
      <PageHeader title="Balances" description="Monitored minutes, calls and billing by month." />
      <section className="section-card" aria-label="Balances">
        <EmptyState
          icon={BarChart3}
          title="No balances for this month yet"
          description="Minutes and calls add up here as staff monitor patients; billing files appear when a month closes."
        />
      </section>
    </>
  );
}
