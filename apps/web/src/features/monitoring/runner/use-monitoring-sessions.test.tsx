import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useMonitoringStore } from './monitoring-store.ts';
import { useMonitoringSessions } from './use-monitoring-sessions.ts';

describe('useMonitoringSessions', () => {
  it('forgets a refusal once the clinician has left the patient: no screen asks for monitoring', () => {
    useMonitoringStore.getState().setRefusal({
      displayName: 'Maria L.',
      why: 'Only onboarded patients are monitored; this patient is discharged',
    });
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useMonitoringSessions(() => {}), { wrapper });
    expect(useMonitoringStore.getState().refusal).toBeNull();
  });
});
