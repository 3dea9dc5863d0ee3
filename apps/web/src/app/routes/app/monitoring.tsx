import { can } from '@rehabit/contract';
import { MonitoringBanner } from '@web/components/ui/monitoring-banner/monitoring-banner.tsx';
import { paths } from '@web/config/paths.ts';
import type { MonitoringOrigin } from '@web/lib/monitoring/monitoring-session.ts';
import { useMonitoredTarget, useMonitoringStore } from '@web/lib/monitoring/monitoring-store.ts';
import { useMonitoringSessions } from '@web/lib/monitoring/use-monitoring-sessions.ts';
import type { SessionUser } from '@web/lib/session/get-current-user.ts';
import { useUiStore } from '@web/lib/ui-store.ts';
import { useNavigate } from 'react-router';

/**
 * The monitoring of a signed-in clinician: the session runs for the patient on screen, and the pill (with the banner's
 * words) shows it. Office managers are never monitored and never see it (decisions 0700 and 0704).
 */
export function Monitoring({ user }: { user: SessionUser }) {
  if (user.isOfficeManager || !can(user.role, 'monitoring.record')) return null;
  return <MonitoredClinician isOfficeManager={user.isOfficeManager} />;
}

function MonitoredClinician({ isOfficeManager }: { isOfficeManager: boolean }) {
  const navigate = useNavigate();
  const closeChatPanel = useUiStore((state) => state.setChatPanelOpen);
  const target = useMonitoredTarget();
  const timer = useMonitoringStore((state) => state.timer);
  const refusal = useMonitoringStore((state) => state.refusal);

  useMonitoringSessions((origin: MonitoringOrigin) => {
    if (origin === 'dashboard') navigate(paths.patients.getHref());
    else if (origin === 'mobile-chat') navigate(paths.chat.getHref());
    else closeChatPanel(false);
  });

  return (
    <MonitoringBanner
      isMonitoring={timer.isOn && target !== null}
      displayName={target?.displayName ?? ''}
      seconds={timer.seconds}
      isOfficeManager={isOfficeManager}
      refusal={refusal}
    />
  );
}
