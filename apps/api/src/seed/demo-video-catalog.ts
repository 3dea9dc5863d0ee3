import { readFileSync } from 'node:fs';
import type { VideoFields } from '@rehabit/contract';

type Exercise = {
  id: string;
  name: string;
  body_part: string;
  position: string;
  equipment: string;
  category: string;
  description: string;
};

/** Public-domain exercises (see exercises/README.md), read once from the copy bundled with the code. */
const exercises: Exercise[] = JSON.parse(readFileSync(new URL('./exercises/exercises.json', import.meta.url), 'utf8'));

/** The data set's exercises a clinic uses most, by id. */
const chosenIds = [
  '90_90_Hamstring',
  'Ankle_Circles',
  'Arm_Circles',
  'Band_Pull_Apart',
  'Bodyweight_Squat',
  'Butt_Lift_Bridge',
  'Calf_Raises_-_With_Bands',
  'Calf_Stretch_Hands_Against_Wall',
  'Cat_Stretch',
  'Childs_Pose',
  'Chin_To_Chest_Stretch',
  'Dead_Bug',
  'Dumbbell_Scaption',
  'External_Rotation_with_Band',
  'Internal_Rotation_with_Band',
  'Hamstring_Stretch',
  'Hip_Extension_with_Bands',
  'Hip_Flexion_with_Band',
  'Hug_Knees_To_Chest',
  'Isometric_Neck_Exercise_-_Sides',
  'Knee_Circles',
  'Kneeling_Hip_Flexor',
  'Leg_Extensions',
  'Monster_Walk',
  'One_Knee_To_Chest',
  'Pallof_Press',
  'Plank',
  'Seated_Calf_Raise',
  'Side_Bridge',
  'Side_Leg_Raises',
  'Single_Leg_Glute_Bridge',
  'Standing_Calf_Raises',
  'Standing_Hip_Circles',
  'Standing_Pelvic_Tilt',
  'Superman',
  'Wrist_Circles',
];

const bodyPartMap: Record<string, VideoFields['body_part']> = {
  'knee/thigh': 'Knee',
  hip: 'Hip',
  shoulder: 'Shoulder',
  core: 'Core',
  'ankle/foot': 'Ankle/Foot',
  'upper back': 'Upper Back',
  'lower back': 'Lower Back',
  'elbow/arm': 'Elbow',
  'wrist/hand': 'Wrist/Hand',
  neck: 'Neck',
};
const positionMap: Record<string, VideoFields['position']> = {
  standing: 'Standing',
  seated: 'Seated',
  supine: 'Supine',
  prone: 'Prone',
  'side-lying': 'Side-lying',
  kneeling: 'Kneeling',
  quadruped: 'Quadruped',
};

export type DemoVideo = Pick<
  VideoFields,
  'title' | 'body_part' | 'purpose' | 'position' | 'equipment' | 'description'
> &
  Partial<Pick<VideoFields, 'title_es' | 'description_es'>>;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const fromDataSet = (e: Exercise): DemoVideo => ({
  title: e.name,
  body_part: bodyPartMap[e.body_part] ?? 'Other',
  purpose: e.category === 'stretching' ? 'Stretching' : 'Strength',
  position: positionMap[e.position] ?? 'Other',
  equipment: e.equipment === 'none' || e.equipment === 'body only' ? 'None' : capitalise(e.equipment),
  description: e.description.trim() || '-',
});

/** Classic physical-therapy exercises the data set lacks, written by us. */
export const classicExercises: DemoVideo[] = [
  {
    title: 'Clamshell',
    body_part: 'Hip',
    purpose: 'Strength',
    position: 'Side-lying',
    equipment: 'None',
    description:
      'Lie on your side with hips and knees bent. Keep your feet together and lift the top knee without rolling the pelvis back. Lower slowly.',
    title_es: 'Almeja',
    description_es:
      'Acuéstese de lado con las caderas y las rodillas dobladas. Con los pies juntos, levante la rodilla de arriba sin girar la pelvis hacia atrás. Bájela despacio.',
  },
  {
    title: 'Bird Dog',
    body_part: 'Core',
    purpose: 'Stability',
    position: 'Quadruped',
    equipment: 'None',
    description:
      'On hands and knees, reach one arm forward and the opposite leg back, keeping the back flat. Hold, return, and switch sides.',
  },
  {
    title: 'Quad Sets',
    body_part: 'Knee',
    purpose: 'Strength',
    position: 'Supine',
    equipment: 'Towel',
    description:
      'Lie with the leg straight and a small towel under the knee. Tighten the thigh to press the knee into the towel. Hold 5 seconds and relax.',
    title_es: 'Contracción de cuádriceps',
    description_es:
      'Con la pierna estirada y una toalla pequeña debajo de la rodilla, apriete el muslo para empujar la rodilla contra la toalla. Mantenga 5 segundos y relaje.',
  },
  {
    title: 'Heel Slides',
    body_part: 'Knee',
    purpose: 'Range of Motion',
    position: 'Supine',
    equipment: 'None',
    description:
      'Lying on your back, slide the heel toward your buttock to bend the knee as far as comfortable, then slide it back out.',
    title_es: 'Deslizamiento de talón',
    description_es:
      'Boca arriba, deslice el talón hacia los glúteos para doblar la rodilla hasta donde le resulte cómodo. Luego deslícelo de nuevo hacia afuera.',
  },
  {
    title: 'Straight Leg Raise',
    body_part: 'Knee',
    purpose: 'Strength',
    position: 'Supine',
    equipment: 'None',
    description:
      'Bend one knee with the foot flat. Tighten the other thigh and lift the straight leg to the height of the bent knee. Lower slowly.',
    title_es: 'Elevación de pierna estirada',
    description_es:
      'Doble una rodilla con el pie apoyado. Apriete el muslo de la otra pierna y levántela estirada hasta la altura de la rodilla doblada. Bájela despacio.',
  },
  {
    title: 'Chin Tucks',
    body_part: 'Neck',
    purpose: 'Mobility',
    position: 'Seated',
    equipment: 'None',
    description:
      'Sit tall and draw the chin straight back, making a double chin, without tipping the head. Hold 3 seconds and release.',
  },
  {
    title: 'Wall Slides',
    body_part: 'Shoulder',
    purpose: 'Mobility',
    position: 'Standing',
    equipment: 'Wall',
    description:
      'Stand with your back and forearms against a wall. Slide the arms up as far as you can while keeping contact, then slide down.',
  },
  {
    title: 'Seated Knee Extension',
    body_part: 'Knee',
    purpose: 'Strength',
    position: 'Seated',
    equipment: 'Chair',
    description:
      'Sit on a chair and straighten one knee fully, hold 3 seconds, then lower slowly. Keep the thigh on the seat.',
    title_es: 'Extensión de rodilla en silla',
    description_es:
      'Siéntese en una silla y estire una rodilla por completo. Mantenga 3 segundos y bájela despacio, con el muslo apoyado en el asiento.',
  },
  {
    title: 'Ankle Pumps',
    body_part: 'Ankle/Foot',
    purpose: 'Range of Motion',
    position: 'Supine',
    equipment: 'None',
    description: 'Point the toes away from you, then pull them back toward you, at a steady pace.',
    title_es: 'Bombeo de tobillos',
    description_es:
      'Apunte los dedos de los pies hacia adelante y luego tire de ellos hacia usted, a un ritmo constante.',
  },
  {
    title: 'Scapular Retraction',
    body_part: 'Upper Back',
    purpose: 'Strength',
    position: 'Seated',
    equipment: 'None',
    description: 'Sit tall and squeeze the shoulder blades back and down, without shrugging. Hold 5 seconds and relax.',
  },
  {
    title: 'Pendulum',
    body_part: 'Shoulder',
    purpose: 'Range of Motion',
    position: 'Standing',
    equipment: 'Table',
    description:
      'Lean on a table with one hand and let the other arm hang. Rock the body gently so the arm swings in small circles.',
  },
  {
    title: 'Sit to Stand',
    body_part: 'Hip',
    purpose: 'Strength',
    position: 'Seated',
    equipment: 'Chair',
    description:
      'From a firm chair, lean forward and stand up without using the hands if you can. Sit back down slowly.',
    title_es: 'Sentarse y levantarse',
    description_es:
      'Desde una silla firme, inclínese hacia adelante y levántese sin usar las manos si puede. Vuelva a sentarse despacio.',
  },
  {
    title: 'Single Leg Balance',
    body_part: 'Ankle/Foot',
    purpose: 'Balance',
    position: 'Standing',
    equipment: 'Counter',
    description:
      'Stand near a counter and lift one foot. Hold your balance for up to 30 seconds, touching the counter only if needed.',
  },
  {
    title: 'Prone Press-Up',
    body_part: 'Lower Back',
    purpose: 'Mobility',
    position: 'Prone',
    equipment: 'None',
    description:
      'Lie face down with hands under the shoulders. Push the upper body up while the hips stay down. Lower slowly.',
  },
];

export const dataSetExercises = (): DemoVideo[] =>
  chosenIds
    .map((id) => exercises.find((e) => e.id === id))
    .filter((e): e is Exercise => Boolean(e))
    .map(fromDataSet);
