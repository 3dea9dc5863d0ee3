import { type AuditAction, auditActions } from '@rehabit/contract';
import { useSearchParams } from 'react-router';
import type { AuditLogParams } from '../api/get-audit-log.ts';

/** The viewer's filter, as the address keeps it (so a filtered log can be linked to and reloaded). */
export type AuditFilterValues = {
  clinic: string;
  action: AuditAction | '';
  user: string;
  patient: string;
  from: string;
  to: string;
};

const keys = ['clinic', 'action', 'user', 'patient', 'from', 'to'] as const;
const positive = (value: string) => (/^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

export function useAuditParams() {
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const values: AuditFilterValues = {
    clinic: params.get('clinic') ?? '',
    action: (auditActions as readonly string[]).includes(action) ? (action as AuditAction) : '',
    user: params.get('user') ?? '',
    patient: params.get('patient') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);

  /** What the API is asked: only the filters that are set. */
  const filter: Omit<AuditLogParams, 'page'> = {
    clinic_code: values.clinic || undefined,
    action: values.action || undefined,
    user_id: positive(values.user),
    patient_id: positive(values.patient),
    from: values.from || undefined,
    to: values.to || undefined,
  };

  const apply = (next: AuditFilterValues) =>
    setParams(() => {
      const out = new URLSearchParams();
      for (const key of keys) if (next[key]) out.set(key, next[key]);
      return out;
    });
  const setPage = (next: number) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      out.set('page', String(next));
      return out;
    });
  return { values, filter, page, apply, setPage };
}
