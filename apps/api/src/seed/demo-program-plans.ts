import type { MeasureKey } from '@rehabit/contract';
import type { HepDosage } from '../modules/hep/hep.repository.ts';

/** The body region a diagnosis points the program at. */
export type Region = 'lowBack' | 'knee' | 'hip' | 'ankle' | 'balance' | 'shoulder' | 'neck';

/** Region of the demo patients' ICD-10 codes (demo-patients.ts); anything else gets a general strength program. */
export function regionOf(code: string): Region {
  if (/^M54\.5|^M54\.16|^M48\.06/.test(code)) return 'lowBack';
  if (/^M25\.56|^M17\.1|^S83\.|^Z96\.65|^Z47\.1/.test(code)) return 'knee';
  if (/^Z96\.64/.test(code)) return 'hip';
  if (/^S93\.|^M76\.6/.test(code)) return 'ankle';
  if (/^M25\.51|^M75\./.test(code)) return 'shoulder';
  if (/^M54\.2/.test(code)) return 'neck';
  return 'balance';
}

/** The questionnaire that follows the region's function; NPRS is recorded for everyone besides. */
export const regionQuestionnaire: Record<Region, MeasureKey> = {
  lowBack: 'odi',
  knee: 'lefs',
  hip: 'lefs',
  ankle: 'lefs',
  balance: 'lefs',
  shoulder: 'quickdash',
  neck: 'ndi',
};

/** The range of motion a therapist measures for the region, when one is usual. */
export function romNameOf(region: Region, code: string): string | null {
  const left = ['M25.562', 'M17.12', 'Z96.652', 'M25.512', 'M75.42'].includes(code) || /^S83\.\d\d2/.test(code);
  const side = left ? 'Left' : 'Right';
  if (region === 'knee') return `${side} knee flexion`;
  if (region === 'shoulder') return `${side} shoulder flexion`;
  return null;
}

/** The demo folder a therapist of the region would add from (demo-videos.ts). */
export const regionFolder: Partial<Record<Region, string>> = {
  lowBack: 'Low back basics',
  knee: 'Post-op knee',
  shoulder: 'Shoulder rehab',
  neck: 'Neck',
};

/**
 * Exercises of each region by library title: the first three are the core of every such program, the rest are
 * picked from to reach the program's size.
 */
export const regionExercises: Record<Region, string[]> = {
  lowBack: [
    'Prone Press-Up',
    'Bird Dog',
    'Butt Lift (Bridge)',
    'Cat Stretch',
    "Child's Pose",
    'Dead Bug',
    'Hug Knees To Chest',
    'Standing Pelvic Tilt',
    'Plank',
    'Side Bridge',
    'Hamstring Stretch',
  ],
  knee: [
    'Quad Sets',
    'Heel Slides',
    'Straight Leg Raise',
    'Seated Knee Extension',
    'Sit to Stand',
    'Butt Lift (Bridge)',
    'Clamshell',
    'Hamstring Stretch',
    'Standing Calf Raises',
    'Bodyweight Squat',
    'Knee Circles',
  ],
  hip: [
    'Clamshell',
    'Butt Lift (Bridge)',
    'Sit to Stand',
    'Side Leg Raises',
    'Hip Extension with Bands',
    'Hip Flexion with Band',
    'Heel Slides',
    'Ankle Pumps',
    'Monster Walk',
    'Kneeling Hip Flexor',
    'Single Leg Balance',
  ],
  ankle: [
    'Ankle Pumps',
    'Standing Calf Raises',
    'Calf Stretch Hands Against Wall',
    'Ankle Circles',
    'Seated Calf Raise',
    'Single Leg Balance',
    'Calf Raises - With Bands',
  ],
  balance: [
    'Sit to Stand',
    'Single Leg Balance',
    'Standing Calf Raises',
    'Butt Lift (Bridge)',
    'Side Leg Raises',
    'Monster Walk',
    'Standing Hip Circles',
    'Ankle Pumps',
  ],
  shoulder: [
    'Pendulum',
    'Wall Slides',
    'External Rotation with Band',
    'Internal Rotation with Band',
    'Scapular Retraction',
    'Band Pull Apart',
    'Dumbbell Scaption',
    'Arm Circles',
  ],
  neck: [
    'Chin Tucks',
    'Scapular Retraction',
    'Chin To Chest Stretch',
    'Isometric Neck Exercise - Sides',
    'Band Pull Apart',
    'Arm Circles',
  ],
};

const stretch = (description: string, hold = 30): HepDosage => ({
  sets: 1,
  reps: 3,
  holdSeconds: hold,
  timesPerDay: 2,
  daysPerWeek: 7,
  description,
});
const motion = (description: string, reps = 10, timesPerDay = 2): HepDosage => ({
  sets: 2,
  reps,
  holdSeconds: 0,
  timesPerDay,
  daysPerWeek: 7,
  description,
});
const hold = (description: string, seconds = 5, reps = 10): HepDosage => ({
  sets: 2,
  reps,
  holdSeconds: seconds,
  timesPerDay: 2,
  daysPerWeek: 7,
  description,
});
const strength = (description: string, reps = 10, sets = 3, daysPerWeek = 5): HepDosage => ({
  sets,
  reps,
  holdSeconds: 0,
  timesPerDay: 1,
  daysPerWeek,
  description,
});

/** How a therapist would prescribe each exercise, with the cue they would write for the patient. */
export const dosages: Record<string, HepDosage> = {
  'Prone Press-Up': { ...motion('Keep your hips on the floor and go only as far as is comfortable.'), holdSeconds: 2 },
  'Bird Dog': hold('Keep your back flat like a table top; do not let the hips rotate.'),
  'Butt Lift (Bridge)': { ...strength('Squeeze your buttocks at the top; do not arch your back.', 12), holdSeconds: 3 },
  'Cat Stretch': motion('Move slowly with your breathing, within a pain-free range.', 10, 1),
  "Child's Pose": stretch('Let your back relax and breathe out as you sink back.'),
  'Dead Bug': strength('Press your low back into the floor the whole time.', 10, 2),
  'Hug Knees To Chest': stretch('Pull gently; you should feel a stretch, not pain.', 20),
  'Standing Pelvic Tilt': hold('Small movement: tuck the tailbone under and hold.', 3),
  Plank: { ...strength('Start from your knees if a full plank hurts your back.', 3, 1), holdSeconds: 20 },
  'Side Bridge': { ...strength('From the knees at first; keep the body in a straight line.', 3, 1), holdSeconds: 15 },
  'Hamstring Stretch': stretch('Keep your back straight and lean from the hips.'),
  'Quad Sets': { ...hold('Press the back of the knee into the towel until you see the kneecap move.'), timesPerDay: 3 },
  'Heel Slides': motion('Bend a little further each day; a mild stretch is fine.', 15),
  'Straight Leg Raise': strength('Tighten the thigh and lock the knee before you lift.', 10, 3, 7),
  'Seated Knee Extension': { ...strength('Straighten the knee fully and hold at the top.', 10), holdSeconds: 3 },
  'Sit to Stand': strength('Use a firm chair; use your arms only if you need to.', 10),
  Clamshell: strength('Keep your feet together and do not roll the pelvis back.', 15),
  'Standing Calf Raises': strength('Hold the counter for balance; rise slowly and lower slowly.', 15),
  'Bodyweight Squat': strength('Only as deep as is pain-free; knees in line with your toes.', 10, 2, 3),
  'Knee Circles': motion('Small, easy circles to warm up the knee.', 10, 1),
  'Side Leg Raises': strength('Lead with the heel and keep your toes pointing forward.', 12),
  'Hip Extension with Bands': strength('Stand tall; move only the leg, not your back.', 12),
  'Hip Flexion with Band': strength('Lift the knee slowly against the band and lower with control.', 12),
  'Ankle Pumps': { ...motion('Keep a steady rhythm; do these often during the day.', 20, 3), sets: 1 },
  'Monster Walk': strength('Keep tension on the band and your knees slightly bent.', 10, 2, 3),
  'Kneeling Hip Flexor': stretch('Tuck your pelvis under before you lean forward.'),
  'Single Leg Balance': { ...stretch('Stand near the counter; touch it only if you need to.'), timesPerDay: 1 },
  'Calf Stretch Hands Against Wall': stretch('Keep the back heel on the floor and the knee straight.'),
  'Ankle Circles': motion('Draw slow circles both ways.', 10, 2),
  'Seated Calf Raise': strength('Rise onto your toes and lower slowly.', 15),
  'Calf Raises - With Bands': strength('Push through the ball of the foot against the band.', 15),
  'Standing Hip Circles': motion('Hold on to a chair; make slow, controlled circles.', 10, 1),
  Pendulum: { ...motion('Let the arm hang loose and let the body make the movement.', 20, 3), sets: 1 },
  'Wall Slides': motion('Slide up only as far as you can without shrugging.', 10),
  'External Rotation with Band': strength('Keep your elbow at your side; a rolled towel under the arm helps.', 12),
  'Internal Rotation with Band': strength('Keep your elbow at your side and move slowly.', 12),
  'Scapular Retraction': hold('Squeeze the shoulder blades back and down, not up.'),
  'Band Pull Apart': strength('Keep your arms straight and your shoulders down.', 15, 2),
  'Dumbbell Scaption': strength('Thumbs up; stop at shoulder height. Start with a light weight.', 10, 2),
  'Arm Circles': motion('Small circles first, then larger as it feels comfortable.', 10, 1),
  'Chin Tucks': {
    ...hold('Do these at your desk too, whenever you notice your head drifting forward.', 3),
    timesPerDay: 3,
  },
  'Chin Tucks at the desk': { ...hold('Every hour at work: sit tall and tuck.', 3), timesPerDay: 3 },
  'Chin To Chest Stretch': stretch('Let the weight of your head do the stretch.', 20),
  'Isometric Neck Exercise - Sides': hold('Push gently, about a third of your strength.', 5, 5),
};

export const defaultDosage: HepDosage = strength('Move slowly and stop if the pain rises above 5 out of 10.', 10, 2);
