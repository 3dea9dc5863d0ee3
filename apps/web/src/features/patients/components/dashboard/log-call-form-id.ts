/** The dashboard's form to log a call: another screen (a video visit that could not connect) opens it by this id. */
export const LOG_CALL_FORM_ID = 'log-a-call';
