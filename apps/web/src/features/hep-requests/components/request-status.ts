import type { HepRequestStatus } from '@rehabit/contract';
import type { PillTone } from '@web/components/ui/pill/status-pill.tsx';

export const requestStatusLabels: Record<HepRequestStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  declined: 'Declined',
};

export const requestStatusTones: Record<HepRequestStatus, PillTone> = {
  open: 'warning',
  answered: 'success',
  declined: 'neutral',
};
