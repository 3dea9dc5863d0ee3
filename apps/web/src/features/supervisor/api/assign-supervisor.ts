import { supervisorEndpoints, type UpdateSupervisorBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';

/** Hands the clinic's supervisor role over; both people's sessions end, so the caller signs out. */
export const assignSupervisor = (body: UpdateSupervisorBody) => call(supervisorEndpoints.assignSupervisor, { body });

export const useAssignSupervisor = () =>
  useMutation({ mutationFn: assignSupervisor, meta: { errorHandling: 'silent' } });
