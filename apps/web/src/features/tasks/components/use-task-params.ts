import { TASK_DEFAULT_STATUS, type TaskScope, type TaskStatus, taskScopes, taskStatuses } from '@rehabit/contract';
import { useAddressParams } from '@web/lib/address-params.ts';

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/**
 * The task list's status, scope and page live in the address (`status`, `scope`, `page`), beside the dashboard's
 * own `therapist_id`. Scope is only the caller's to choose when they may see the clinic's tasks.
 */
export function useTaskParams(canChooseScope: boolean) {
  const [params, setParams] = useAddressParams();
  const status: TaskStatus = oneOf(taskStatuses, params.get('status'), TASK_DEFAULT_STATUS);
  // Managers and supervisors see the clinic's tasks unless they ask for their own.
  const scope: TaskScope | undefined = canChooseScope ? oneOf(taskScopes, params.get('scope'), 'clinic') : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const update = (changes: { status?: TaskStatus; scope?: TaskScope; page?: number }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (changes.status) {
          if (changes.status === TASK_DEFAULT_STATUS) next.delete('status');
          else next.set('status', changes.status);
        }
        if (changes.scope) {
          if (changes.scope === 'clinic') next.delete('scope');
          else next.set('scope', changes.scope);
        }
        // Another status or scope starts again at the first page.
        if (!changes.page || changes.page === 1) next.delete('page');
        else next.set('page', String(changes.page));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return { status, scope, page, update };
}
