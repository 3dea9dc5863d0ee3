import { can } from '@rehabit/contract';
import { useChatPanelStore } from '@web/components/layouts/chat-panel-store.ts';
import { MonitoringBanner } from '@web/components/ui/monitoring-banner/monitoring-banner.tsx';
import { paths } from '@web/config/paths.ts';
import type { MonitoringOrigin } from '@web/features/monitoring';
import { useMonitoredTarget, useMonitoringSessions, useMonitoringStore } from '@web/features/monitoring';
import type { SessionUser } from '@web/features/session';
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
  const closeChatPanel = useChatPanelStore((state) => state.setChatPanelOpen);
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
