import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CaptionLanguage, VIDEO_DEFAULTS, type VideoFields } from '@rehabit/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { videoCaptions, videoFolderItems, videoFolders, videos } from '../db/schema.ts';
import { checkWebVtt } from '../modules/videos/webvtt.ts';
import type { VideoStorage } from '../video-host/storage.ts';
import { classicExercises, type DemoVideo, dataSetExercises } from './demo-video-catalog.ts';

export type DemoVideoOwners = {
  adminId: number;
  demoClinicId: number;
  therapistId: number;
  colleagueId: number;
  otherClinicId: number;
  otherTherapistId: number;
};
/** A demo video's clip to write: its title, and the body part that heads its poster. */
export type DemoClip = { guid: string; label: string; bodyPart: string };

/**
 * The demo library: the global library (admins') with the data set's and our classic exercises, a few clinic
 * videos, and folders, private and shared. Records wait in `processing`: the files are written after the
 * transaction and the video host makes the posters when the server starts.
 */
export async function seedDemoVideos(tx: Tx, owners: DemoVideoOwners): Promise<DemoClip[]> {
  const clips: DemoClip[] = [];
  const ids = new Map<string, number>();
  async function add(video: DemoVideo, clinicId: number | null, ownerUserId: number) {
    const guid = randomUUID();
    const [row] = await tx
      .insert(videos)
      .values({
        ...columns({ ...VIDEO_DEFAULTS, ...video, reps: 10, sets: 2 }),
        guid,
        clinicId,
        ownerUserId,
        status: 'processing',
      })
      .returning({ id: videos.id });
    ids.set(`${clinicId ?? 'global'}:${video.title}`, row!.id);
    clips.push({ guid, label: video.title, bodyPart: video.body_part });
  }
  for (const video of [...dataSetExercises(), ...classicExercises]) await add(video, null, owners.adminId);
  const clinicVideos = classicExercises.slice(0, 3).map((v) => ({ ...v, title: `${v.title} (our clinic's cueing)` }));
  for (const video of clinicVideos) await add(video, owners.demoClinicId, owners.therapistId);
  await add(
    { ...classicExercises[5]!, title: 'Chin Tucks at the desk' },
    owners.otherClinicId,
    owners.otherTherapistId,
  );

  const folder = async (clinicId: number, ownerUserId: number, name: string, isShared: boolean, titles: string[]) => {
    const [row] = await tx
      .insert(videoFolders)
      .values({ clinicId, ownerUserId, name, isShared })
      .returning({ id: videoFolders.id });
    const items = titles
      .map((t) => ids.get(`global:${t}`) ?? ids.get(`${clinicId}:${t}`))
      .filter((id): id is number => id !== undefined)
      .map((videoId) => ({ folderId: row!.id, videoId }));
    if (items.length > 0) await tx.insert(videoFolderItems).values(items);
  };
  const knee = ['Quad Sets', 'Heel Slides', 'Straight Leg Raise', 'Seated Knee Extension', 'Knee Circles'];
  await folder(owners.demoClinicId, owners.therapistId, 'Post-op knee', true, knee);
  await folder(owners.demoClinicId, owners.therapistId, 'Low back basics', false, [
    'Prone Press-Up',
    'Cat Stretch',
    "Child's Pose",
    'Bird Dog',
  ]);
  await folder(owners.demoClinicId, owners.colleagueId, 'Shoulder rehab', true, [
    'Pendulum',
    'Wall Slides',
    'External Rotation with Band',
    'Internal Rotation with Band',
  ]);
  await folder(owners.otherClinicId, owners.otherTherapistId, 'Neck', false, ['Chin Tucks at the desk', 'Chin Tucks']);

  // The first exercises of a knee program (the knee-replacement protocol's first three) carry English and Spanish
  // captions (decision 1405).
  const captioned = [
    { id: ids.get('global:Ankle Pumps'), captions: demoCaptions.anklePumps },
    { id: ids.get('global:Quad Sets'), captions: demoCaptions.quadSets },
    { id: ids.get(`${owners.demoClinicId}:Quad Sets (our clinic's cueing)`), captions: demoCaptions.quadSets },
    { id: ids.get('global:Heel Slides'), captions: demoCaptions.heelSlides },
  ];
  for (const { id, captions } of captioned) {
    if (id === undefined) continue;
    for (const [language, text] of Object.entries(captions) as [CaptionLanguage, string][]) {
      await tx.insert(videoCaptions).values({ videoId: id, language, ...checkWebVtt(text), updatedBy: owners.adminId });
    }
  }
  return clips;
}

/**
 * Captions of the demo clips, which show the exercise's name over its body part for three seconds (or, without
 * ffmpeg, the two-second bundled clip): they say what the clip is, and point to the written instructions below it.
 */
const cues = (name: string, point: string) =>
  `WEBVTT\n\n00:00.000 --> 00:01.500\n${name}\n\n00:01.500 --> 00:03.000\n${point}\n`;
const demoCaptions = {
  anklePumps: {
    en: cues('Ankle Pumps: an exercise for the ankle and foot', 'Follow the instructions below the video'),
    es: cues('Bombeo de tobillos: un ejercicio para el tobillo y el pie', 'Siga las instrucciones debajo del video'),
  },
  quadSets: {
    en: cues('Quad Sets: an exercise for the knee', 'Follow the instructions below the video'),
    es: cues('Contracción de cuádriceps: un ejercicio para la rodilla', 'Siga las instrucciones debajo del video'),
  },
  heelSlides: {
    en: cues('Heel Slides: an exercise for the knee', 'Follow the instructions below the video'),
    es: cues('Deslizamiento de talón: un ejercicio para la rodilla', 'Siga las instrucciones debajo del video'),
  },
} satisfies Record<string, Record<CaptionLanguage, string>>;

const columns = (v: VideoFields) => ({
  title: v.title,
  bodyPart: v.body_part,
  purpose: v.purpose,
  position: v.position,
  positionTitle: v.position_title,
  equipment: v.equipment,
  reps: v.reps,
  sets: v.sets,
  unhealthyBodyPart: v.unhealthy_body_part,
  purposeOfTreatment: v.purpose_of_treatment,
  description: v.description,
  titleEs: v.title_es,
  descriptionEs: v.description_es,
});

const bundledClip = new URL('./assets/demo-clip.mp4', import.meta.url);

/** One colour per body part, so a page of posters reads at a glance (white text keeps 4.5:1 on each). */
const posterColours = ['0x0f766e', '0x1d4ed8', '0x7c3aed', '0xb45309', '0xbe123c', '0x15803d', '0x4338ca', '0x0e7490'];
const colourOf = (bodyPart: string) =>
  posterColours[[...bodyPart].reduce((sum, c) => sum + c.charCodeAt(0), 0) % posterColours.length]!;

function render(
  ffmpeg: string,
  clip: DemoClip,
  files: { bodyPart: string; title: string },
  out: string,
  signal: AbortSignal | undefined,
) {
  // The labels are read from files, so names with quotes, colons or slashes need no escaping.
  const bodyPart = `drawtext=textfile='${files.bodyPart}':fontcolor=white:fontsize=44:x=(w-tw)/2:y=(h/2)-th-6`;
  const title = `drawtext=textfile='${files.title}':fontcolor=white@0.9:fontsize=20:x=(w-tw)/2:y=(h/2)+10`;
  const colour = `color=c=${colourOf(clip.bodyPart)}:s=480x270:r=10`;
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', colour, '-t', '3'];
  args.push('-vf', `${bodyPart},${title}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  args.push('-f', 'mp4', out);
  return new Promise<void>((resolve, reject) =>
    execFile(ffmpeg, args, { timeout: 30_000, signal }, (err) => (err ? reject(err) : resolve())),
  );
}

/**
 * Writes a short clip labelled with the exercise's body part and name for each demo video (four at a time), or the bundled
 * clip when ffmpeg is not installed or cannot draw text. An aborted `signal` (the server is stopping) ends the
 * ffmpeg at work and rejects with its reason; the clips not written yet are left out.
 */
export async function writeDemoVideoFiles(
  db: Db,
  clips: DemoClip[],
  options: { storage: VideoStorage; ffmpeg: string; signal?: AbortSignal },
) {
  const { signal } = options;
  const work = path.join(tmpdir(), `rehabit-demo-${randomUUID()}`);
  await mkdir(work, { recursive: true });
  let useFfmpeg = true;
  const queue = [...clips];
  const worker = async () => {
    for (let clip = queue.shift(); clip; clip = queue.shift()) {
      signal?.throwIfAborted();
      const out = path.join(work, `${clip.guid}.mp4`);
      if (useFfmpeg) {
        const files = {
          bodyPart: path.join(work, `${clip.guid}-part.txt`),
          title: path.join(work, `${clip.guid}.txt`),
        };
        await writeFile(files.bodyPart, clip.bodyPart.toUpperCase());
        await writeFile(files.title, clip.label);
        await render(options.ffmpeg, clip, files, out, signal).catch(() => {
          signal?.throwIfAborted();
          useFfmpeg = false;
        });
      }
      if (!useFfmpeg) await copyFile(bundledClip, out);
      const { size } = await stat(out);
      await options.storage.put('play', clip.guid, out);
      await db.update(videos).set({ sizeBytes: size, mimeType: 'video/mp4' }).where(eq(videos.guid, clip.guid));
    }
  };
  try {
    await Promise.all([worker(), worker(), worker(), worker()]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
