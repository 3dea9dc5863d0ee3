import { type SupervisorSigninBody, supervisorEndpoints } from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useSigninMutation } from './signin.ts';

export const supervisorSignin = (body: SupervisorSigninBody) => call(supervisorEndpoints.signin, { body });

/** Supervisors sign in with the clinic code and the supervisor password; the token is kept like staff's. */
export const useSupervisorSignin = () => useSigninMutation(supervisorSignin);
