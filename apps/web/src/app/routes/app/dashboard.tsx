import { DashboardFigures } from '@web/features/dashboard/components/dashboard-figures.tsx';
import { useCurrentUser } from '@web/features/session';
import { TasksPanel } from '@web/features/tasks/components/tasks-panel.tsx';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import './screens.css';

/** `/dashboard#tasks` (the Tasks entry of the navigation) opens the page at its tasks. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
}

export function DashboardRoute() {
  // The protected layout renders screens only once the user is known.
  const user = useCurrentUser().data!;
  useScrollToHash();
  return (
    <>
      <DashboardFigures user={user} />
      <TasksPanel user={user} />
    </>
  );
}
