/** The dashboard's form to log a call: a video visit that could not connect leads to it by this id in the address. */
export const LOG_CALL_FORM_ID = 'log-a-call';
