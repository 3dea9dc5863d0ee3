import { type FileAnswer, type HandoutLanguage, PATIENT_SIGNIN_PATH } from '@rehabit/contract';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, patientAudit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { VideoHost } from '../../video-host/host.ts';
import type { Caller } from '../data-access.ts';
import { patientScope, requirePatient } from '../patients/patient-access.ts';
import { type HandoutExercise, renderHandout } from './handout-pdf.ts';
import { handoutWords } from './handout-words.ts';
import type { HepItemRow } from './hep.repository.ts';

type Deps = { clock: Clock; audit: AuditLog; host: () => VideoHost; publicUrl: string };

/** A poster frame is a JPEG of a few hundred kilobytes; a larger file is not one and is left out. */
const POSTER_MAX_BYTES = 5 * 1024 * 1024;

/** The exercise's name in the handout's language: the Spanish title when the video has one (decision 1231). */
const nameOf = (row: HepItemRow, language: HandoutLanguage) =>
  (language === 'es' && row.videoTitleEs.trim()) || row.videoTitle;

/**
 * The program's printable handout (decision 1395): what the patient does at home and where to open it on the phone,
 * and nothing else of their record.
 */
export function createHandoutService({ clock, audit, host, publicUrl }: Deps) {
  const { success: record } = patientAudit(audit);

  /** The poster's bytes, or null: a handout without a picture is better than no handout. */
  async function posterOf(row: HepItemRow): Promise<Buffer | null> {
    if (row.videoStatus !== 'ready' || !row.videoHasPoster) return null;
    try {
      return await host().posterBytes(row.videoGuid, POSTER_MAX_BYTES);
    } catch {
      return null;
    }
  }

  return {
    async download(
      actor: Caller,
      patientId: number,
      language: HandoutLanguage,
      ctx: RequestContext,
    ): Promise<FileAnswer> {
      const patient = await requirePatient(audit, actor, patientId, 'handout.download', ctx);
      const data = actor.data.within(patientScope(patient));
      const person = await data.patients.findById(patient.id);
      if (!person) throw notFound('patient');
      const rows = await data.hep.listActive(patient.id);
      if (rows.length === 0) {
        throw new AppError('conflict', 'This program has no exercises yet: add some before printing the handout');
      }
      const words = handoutWords[language];
      const started = new Date(Math.min(...rows.map((row) => row.createdAt.getTime())));
      const exercises: HandoutExercise[] = [];
      for (const row of rows) {
        exercises.push({
          name: nameOf(row, language),
          sets: row.sets,
          reps: row.reps,
          holdSeconds: row.holdSeconds,
          timesPerDay: row.timesPerDay,
          daysPerWeek: row.daysPerWeek,
          notes: row.description,
          poster: await posterOf(row),
        });
      }
      const content = await renderHandout({
        words,
        clinicName: person.clinicName,
        firstName: person.firstName,
        startDate: new Intl.DateTimeFormat(words.lang, { dateStyle: 'long', timeZone: patient.timezone }).format(
          started,
        ),
        exercises,
        link: new URL(PATIENT_SIGNIN_PATH, publicUrl).href,
        createdAt: clock.now(),
      });
      await record(actor, 'handout.download', patient, ctx, { language, exercises: rows.length });
      return { filename: `exercise-program-${patient.id}-${language}.pdf`, content };
    },
  };
}
export type HandoutService = ReturnType<typeof createHandoutService>;
