import { staffMemberSchema, supervisorPaths, type UpdateSupervisorBody } from '@rehabit/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** Hands the clinic's supervisor role over; both people's sessions end, so the caller signs out. */
export const assignSupervisor = (body: UpdateSupervisorBody) =>
  api.patch(supervisorPaths.updateSupervisor, body, { schema: z.object({ user: staffMemberSchema }) });

export const useAssignSupervisor = () =>
  useMutation({ mutationFn: assignSupervisor, meta: { errorHandling: 'silent' } });
