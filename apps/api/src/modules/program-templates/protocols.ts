import { HEP_DEFAULTS, type HepDosage as WrittenDosage } from '@rehabit/contract';
import type { HepDosage } from '../hep/hep.repository.ts';

/**
 * The protocols shipped with the product (decision 1401): starter programs for the most common episodes of an
 * outpatient physical-therapy clinic. Each names its exercises by their title in the exercise library the product
 * ships (the global library: `seed/demo-video-catalog.ts`), which every clinic uses; they are found there when a
 * protocol is read, so a library without one of them leaves that exercise out. A protocol is read-only: a therapist
 * applies it to a patient, or copies it into a template of their own to change it.
 *
 * The dosage is a conservative early-phase starting point, chosen for the home program of a typical patient: each
 * protocol says it is a starting point for clinical judgement, not a prescription, and names the guidelines it
 * follows.
 */
export type ProtocolExercise = { title: string } & Partial<WrittenDosage>;

export type ProtocolDefinition = {
  key: string;
  name: string;
  summary: string;
  /** The ICD-10-CM code prefixes it is offered for (a patient's diagnosis starting with one). */
  icd10Prefixes: readonly string[];
  sources: readonly string[];
  exercises: readonly ProtocolExercise[];
};

export const protocols: readonly ProtocolDefinition[] = [
  {
    key: 'total-knee-replacement',
    name: 'Total knee replacement: early home program',
    summary:
      'The first weeks after a total knee arthroplasty: circulation, quadriceps activation, knee range of motion and getting up from a chair.',
    // Presence of an artificial knee joint (Z96.65-), aftercare following joint replacement surgery (Z47.1).
    icd10Prefixes: ['Z96.65', 'Z47.1'],
    sources: [
      'APTA Academy of Orthopaedic Physical Therapy clinical practice guideline: Physical Therapist Management of Total Knee Arthroplasty (Jette et al., Physical Therapy, 2020)',
      'AAOS clinical practice guideline: Surgical Management of Osteoarthritis of the Knee (2022)',
    ],
    exercises: [
      { title: 'Ankle Pumps', sets: 1, reps: 20, times_per_day: 3 },
      { title: 'Quad Sets', sets: 2, reps: 10, hold_seconds: 5, times_per_day: 3 },
      { title: 'Heel Slides', sets: 2, reps: 10, times_per_day: 3 },
      { title: 'Straight Leg Raise', sets: 2, reps: 10, times_per_day: 2 },
      { title: 'Seated Knee Extension', sets: 2, reps: 10, hold_seconds: 3, times_per_day: 2 },
      { title: 'Sit to Stand', sets: 2, reps: 8, times_per_day: 2 },
    ],
  },
  {
    key: 'acl-reconstruction-phase-1',
    name: 'ACL reconstruction: phase 1 (protection and motion)',
    summary:
      'The first phase after an anterior cruciate ligament reconstruction: full extension, quadriceps control, swelling and early weight bearing.',
    // Sprain of a cruciate ligament of the knee (S83.5-: S83.51- is the anterior one).
    icd10Prefixes: ['S83.5'],
    sources: [
      'JOSPT clinical practice guideline: Knee Stability and Movement Coordination Impairments: Knee Ligament Sprain (Logerstedt et al., 2017 revision)',
      'MOON (Multicenter Orthopaedic Outcomes Network) guideline for rehabilitation after ACL reconstruction (Wright et al., 2015)',
    ],
    exercises: [
      { title: 'Quad Sets', sets: 3, reps: 10, hold_seconds: 5, times_per_day: 3 },
      { title: 'Heel Slides', sets: 2, reps: 10, times_per_day: 3 },
      { title: 'Straight Leg Raise', sets: 3, reps: 10, times_per_day: 2 },
      { title: 'Ankle Pumps', sets: 1, reps: 20, times_per_day: 3 },
      { title: 'Butt Lift (Bridge)', sets: 2, reps: 10, hold_seconds: 3 },
      { title: 'Standing Calf Raises', sets: 2, reps: 12 },
    ],
  },
  {
    key: 'low-back-pain',
    name: 'Non-specific low back pain',
    summary:
      'Staying active with low back pain that has no specific cause: gentle mobility, trunk control and hip strength.',
    // Low back pain (M54.5-: unspecified, vertebrogenic, other).
    icd10Prefixes: ['M54.5'],
    sources: [
      'APTA Academy of Orthopaedic Physical Therapy clinical practice guideline: Interventions for the Management of Acute and Chronic Low Back Pain (George et al., JOSPT, 2021 revision)',
      'NICE guideline NG59: Low back pain and sciatica in over 16s: assessment and management',
    ],
    exercises: [
      { title: 'Cat Stretch', sets: 1, reps: 10 },
      { title: "Child's Pose", sets: 1, reps: 3, hold_seconds: 30 },
      { title: 'Hug Knees To Chest', sets: 1, reps: 3, hold_seconds: 30 },
      { title: 'Standing Pelvic Tilt', sets: 2, reps: 10 },
      { title: 'Bird Dog', sets: 2, reps: 8, hold_seconds: 5 },
      { title: 'Butt Lift (Bridge)', sets: 2, reps: 10, hold_seconds: 3 },
      { title: 'Dead Bug', sets: 2, reps: 8, days_per_week: 5 },
    ],
  },
  {
    key: 'rotator-cuff',
    name: 'Rotator cuff: early mobility and strength',
    summary:
      'A painful or injured rotator cuff treated without surgery: shoulder motion, shoulder-blade control and progressive cuff strength.',
    // Rotator cuff tear or rupture not specified as traumatic (M75.1-), injury of the rotator cuff (S46.0-).
    icd10Prefixes: ['M75.1', 'S46.0'],
    sources: [
      'AAOS clinical practice guideline: Management of Rotator Cuff Injuries (2019)',
      'ASSET (American Society of Shoulder and Elbow Therapists) consensus statement on rehabilitation following arthroscopic rotator cuff repair (Thigpen et al., 2016)',
    ],
    exercises: [
      { title: 'Pendulum', sets: 2, reps: 10, times_per_day: 2 },
      { title: 'Scapular Retraction', sets: 2, reps: 10, hold_seconds: 5 },
      { title: 'Wall Slides', sets: 2, reps: 10 },
      { title: 'External Rotation with Band', sets: 2, reps: 12, days_per_week: 5 },
      { title: 'Internal Rotation with Band', sets: 2, reps: 12, days_per_week: 5 },
      { title: 'Dumbbell Scaption', sets: 2, reps: 10, days_per_week: 3 },
    ],
  },
  {
    key: 'ankle-sprain',
    name: 'Lateral ankle sprain',
    summary:
      'After a sprain of the ankle ligaments: motion, calf strength and balance, to return to walking and sport and prevent the next sprain.',
    // Sprain of ligaments of the ankle (S93.4-).
    icd10Prefixes: ['S93.4'],
    sources: [
      'JOSPT clinical practice guideline: Ankle Stability and Movement Coordination Impairments: Lateral Ankle Ligament Sprains (Martin et al., 2021 revision)',
      'Diagnosis, treatment and prevention of ankle sprains: an evidence-based clinical guideline (Vuurberg et al., British Journal of Sports Medicine, 2018)',
    ],
    exercises: [
      { title: 'Ankle Circles', sets: 2, reps: 10, times_per_day: 2 },
      { title: 'Ankle Pumps', sets: 1, reps: 20, times_per_day: 2 },
      { title: 'Calf Stretch Hands Against Wall', sets: 1, reps: 3, hold_seconds: 30 },
      { title: 'Calf Raises - With Bands', sets: 2, reps: 12 },
      { title: 'Standing Calf Raises', sets: 2, reps: 12 },
      { title: 'Single Leg Balance', sets: 1, reps: 3, hold_seconds: 30 },
    ],
  },
];

export const protocolByKey = (key: string) => protocols.find((p) => p.key === key);

/** An exercise's dosage as the protocol writes it, the program's defaults filling in the rest. */
export const protocolDosage = (exercise: ProtocolExercise): HepDosage => ({
  sets: exercise.sets ?? 2,
  reps: exercise.reps ?? 10,
  holdSeconds: exercise.hold_seconds ?? HEP_DEFAULTS.hold_seconds,
  timesPerDay: exercise.times_per_day ?? HEP_DEFAULTS.times_per_day,
  daysPerWeek: exercise.days_per_week ?? HEP_DEFAULTS.days_per_week,
  description: exercise.description ?? HEP_DEFAULTS.description,
});
