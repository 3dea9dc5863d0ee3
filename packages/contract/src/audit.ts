/**
 * Every action the audit log records, `subject.verb`: reads are `.read` (one record) or `.list` (many), changes
 * name what changed. Rows written before these names were settled may carry older ones (decision 0601).
 */
export const auditActions = [
  // Accounts and sessions
  'auth.signin',
  'auth.supervisor_signin',
  'auth.signup',
  'auth.logout',
  'auth.password_reset_requested',
  'auth.password_reset',
  'supervisor.approval',
  'supervisor.has_access',
  'supervisor.assign',
  'supervisor.profile_update',
  'clinic.read',
  // Patients
  'patient.list',
  'patient.read',
  'patient.register',
  'patient.update',
  'patient.onboard',
  'patient.discharge',
  'patient.re_onboard',
  'patient.change_therapist',
  'patient.update_rtm_coverage',
  'patient.remove',
  'patient.otp_sent',
  'patient.otp_verify',
  'patient.qr_register',
  'patient.account_created',
  'patient.signin',
  'patient.self_read',
  'interaction.list',
  'interaction.create',
  'interaction.delete',
  'interaction.update_note',
  // Home exercise programs and the patient's data
  'hep.read',
  'hep.added',
  'hep.updated',
  'hep.deleted',
  'hep.restored',
  'hep.reordered',
  // The printable handout of a program downloaded by staff: its language and how many exercises, never the content.
  'handout.download',
  // The handout e-mailed to the patient (decision 1415): its language, how many exercises, whether the PDF was
  // attached; never the content nor the address.
  'handout.email',
  // The patient's record exported as a FHIR R4 Bundle (decision 1425): how many resources of each type, never the
  // content; and a call of the FHIR read API about a patient, with its interaction and how many resources it answered.
  'fhir.export',
  'fhir.read',
  // The clinic month's FHIR bulk export (decision 1440): asked for (its month), made by its job (the month, how many
  // resources of each type, the patients it holds), and one of its files downloaded (its type and count).
  'fhir.bulk_export_request',
  'fhir.bulk_export_complete',
  'fhir.bulk_export_download',
  // Program templates (decision 1400): a list or one read, one made (by hand, from a protocol or from a patient's
  // program), changed (name, exercises, visibility), retired or brought back; one applied to a patient's program.
  'program_template.list',
  'program_template.read',
  'program_template.create',
  'program_template.update',
  'program_template.retire',
  'program_template.apply',
  'exercise.logged',
  'progress.read',
  'progress_trend.read',
  'functional_data.read',
  'functional_data.added',
  'functional_data.updated',
  'health_data.received',
  // Outcome measures the patient fills in (decision 1360): assignments read, made, stopped; one filled in.
  'measure_assignment.list',
  'measure_assignment.create',
  'measure_assignment.stop',
  'measure.submitted',
  // Chat
  'chat.list',
  'chat.open',
  'chat.read',
  'chat.send',
  // Videos
  'video.read',
  'video.create',
  'video.update',
  'video.delete',
  'video.upload_started',
  'video.upload_finished',
  'video.upload_expired',
  'video.processing_ready',
  'video.processing_failed',
  'video_folder.read',
  'video_folder.create',
  'video_folder.rename',
  'video_folder.share',
  'video_folder.add',
  'video_folder.remove',
  'video_folder.delete',
  // A video's caption track saved (its language, size and cue count; a new one or a replaced one) or removed.
  'video_caption.update',
  'video_caption.delete',
  'hep_request.create',
  // Monitored time (RTM): a session's start and end; its heart-beats are kept on the session row. A month's minutes
  // read with the sessions and calls behind them, and their audit CSV exported.
  'monitoring.start',
  'monitoring.end',
  'monitoring.read',
  'monitoring.export',
  // Billing: a month's units read (patients named), its file made, replaced or downloaded, the settings changed;
  // a closed month signed off by the supervisor, and the changes made to signed months since read (decision 1210).
  'billing.read',
  'billing.file_generated',
  'billing.file_uploaded',
  'billing.file_download',
  'billing.settings_change',
  'billing.sign_off',
  'billing.post_sign_off_read',
  // A closed month's claims exported as CSV, and its lines lacking a claim's field read (decision 1435).
  'billing.claims_export',
  'billing.claims_check',
  // One patient's RTM status today (data days, minutes, the call) read on the dashboard.
  'rtm_status.read',
  // Banners of the patient dashboard read (with the caller's snoozes), and one snoozed by the caller.
  'banner.read',
  'banner.snooze',
  // Tasks: the caller's list read, one made for a colleague, marked done or taken back; a rule's task opened or
  // closed by its rule (no actor). The therapist dashboard's figures read.
  'task.list',
  'task.create',
  'task.done',
  'task.reopen',
  'task.rule_opened',
  'task.rule_closed',
  'dashboard.read',
  // Staff balances: a month's monitored time and pay per staff member read, or exported as CSV.
  'balances.read',
  'balances.export',
  // The referral program: an invitation sent, the sender's list read, an invitation used to sign up, its colleague
  // approved (decision 1010).
  'referral.send',
  'referral.list',
  'referral.signed_up',
  'referral.approved',
  // Clinics and the platform: a clinic created with its supervisor, its details changed (old and new values), the
  // support account changed; the audit log read or exported (with the filter used).
  'clinic.create',
  'clinic.update',
  'settings.support_account',
  'audit.list',
  'audit.export',
  // The content team's answer to a HEP video request (old and new status); the platform's announcement note changed
  // (old and new text).
  'hep_request.answer',
  'announcement.note_change',
  // Exercise reminders (decision 1350): a schedule read or saved by staff or by the patient, what was sent and the
  // adherence read, a STOP or START text reply, an e-mail unsubscribe.
  'reminder_schedule.read',
  'reminder_schedule.update',
  'reminder_schedule.self_read',
  'reminder_schedule.self_update',
  'reminder.list',
  'reminder_adherence.read',
  'reminder.sms_reply',
  'reminder.email_unsubscribe',
  // Push reminders (decision 1365): a device of the patient's turned on or off for notifications, by the patient.
  'reminder_push.subscribe',
  'reminder_push.unsubscribe',
  // Video visits (decision 1375): one started, joined (or taken back by a device after a reconnect), ended; a call of
  // a visit refused (not a participant, not in care, another clinic's visit).
  'visit.start',
  'visit.join',
  'visit.end',
  'visit.refused',
] as const;

export type AuditAction = (typeof auditActions)[number];
