import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MonitoringBanner } from './monitoring-banner.tsx';

describe('MonitoringBanner', () => {
  it("reads '{name} is being monitored: {time}' with a clock icon", () => {
    const { container } = render(
      <MonitoringBanner isMonitoring displayName="Maria L." seconds={65} isOfficeManager={false} />,
    );
    expect(screen.getByRole('region', { name: 'Monitoring timer' })).toHaveTextContent(
      'Maria L. is being monitored: 1m 5s',
    );
    expect(container.querySelector('svg.lucide-clock')).not.toBeNull();
  });

  it('shows seconds only under a minute', () => {
    render(<MonitoringBanner isMonitoring displayName="Ann B." seconds={45} isOfficeManager={false} />);
    expect(screen.getByRole('region')).toHaveTextContent('Ann B. is being monitored: 45s');
  });

  it('is never shown to office managers', () => {
    const { container } = render(<MonitoringBanner isMonitoring displayName="Maria L." seconds={5} isOfficeManager />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says why monitoring stopped when the server refused it, in the pill’s place', () => {
    const refusal = {
      displayName: 'Maria L.',
      why: 'Only onboarded patients are monitored; this patient is discharged',
    };
    render(
      <MonitoringBanner
        isMonitoring={false}
        displayName="Maria L."
        seconds={0}
        isOfficeManager={false}
        refusal={refusal}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Monitoring of Maria L. stopped. Only onboarded patients are monitored; this patient is discharged.',
    );
    expect(screen.queryByRole('region', { name: 'Monitoring timer' })).toBeNull();
  });

  it('is hidden while monitoring is off', () => {
    const { container } = render(
      <MonitoringBanner isMonitoring={false} displayName="Maria L." seconds={5} isOfficeManager={false} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
