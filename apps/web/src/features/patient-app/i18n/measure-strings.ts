import { patientI18n } from './i18n.ts';

// The check-ins' sentences (decision 1360), added to the patient side's strings when Today or a check-in loads, so
// the sign-in page never downloads them. `es` must have the same keys as `en` (the type checks it).
const en = {
  title: 'Check-in',
  start: 'Answer now',
  valueEnd: '{{value}}: {{end}}',
  send: 'Send',
  sending: 'Sending…',
  required: 'Choose a number from 0 to 10',
  saved: 'Thank you. Your answers are saved.',
  backToday: 'Back to Today',
  notDue: 'This check-in is not asked of you now.',
  failed: 'Not sent. Check your connection and try again.',
  nprs: {
    card: 'Check-in: how is your pain?',
    cardText: 'Your therapist asks one question about your pain. It takes a few seconds.',
    title: 'Pain check-in',
    question:
      'On average over the past 24 hours, how would you rate your pain on a scale of 0 to 10, where 0 is no pain and 10 is the worst pain imaginable?',
    low: 'No pain',
    high: 'Worst pain imaginable',
  },
  psfs: {
    card: 'Check-in: your everyday activities',
    cardText: 'Your therapist asks how well you can do activities that matter to you. It takes a minute or two.',
    title: 'Activities check-in',
    intro:
      'Name 3 to 5 everyday activities that are hard for you because of the problem you are being treated for. For each one, choose how well you can do it today: 0 means you cannot do it at all, 10 means you can do it as well as before the problem began.',
    again: 'These are the activities you named last time. Rate each one again for today; you can change them.',
    activity: 'Activity {{number}}',
    activityRequired: 'Name the activity',
    rating: 'How well can you do activity {{number}} today?',
    unable: 'Cannot do it',
    asBefore: 'As well as before',
    add: 'Add an activity',
    remove: 'Remove activity {{number}}',
  },
};

const es: typeof en = {
  title: 'Control',
  start: 'Responder ahora',
  valueEnd: '{{value}}: {{end}}',
  send: 'Enviar',
  sending: 'Enviando…',
  required: 'Elija un número del 0 al 10',
  saved: 'Gracias. Sus respuestas están guardadas.',
  backToday: 'Volver a Hoy',
  notDue: 'Este control no se le pide ahora.',
  failed: 'No se envió. Revise su conexión e inténtelo de nuevo.',
  nprs: {
    card: 'Control: ¿cómo está su dolor?',
    cardText: 'Su terapeuta le hace una pregunta sobre su dolor. Toma unos segundos.',
    title: 'Control del dolor',
    question:
      'En promedio, durante las últimas 24 horas, ¿cómo calificaría su dolor en una escala del 0 al 10, donde 0 es sin dolor y 10 es el peor dolor imaginable?',
    low: 'Sin dolor',
    high: 'El peor dolor imaginable',
  },
  psfs: {
    card: 'Control: sus actividades diarias',
    cardText:
      'Su terapeuta le pregunta qué tan bien puede hacer actividades importantes para usted. Toma uno o dos minutos.',
    title: 'Control de actividades',
    intro:
      'Nombre de 3 a 5 actividades diarias que le cuestan por el problema por el que recibe tratamiento. Para cada una, elija qué tan bien puede hacerla hoy: 0 significa que no puede hacerla en absoluto, 10 que puede hacerla tan bien como antes de que empezara el problema.',
    again:
      'Estas son las actividades que nombró la última vez. Califique cada una de nuevo para hoy; puede cambiarlas.',
    activity: 'Actividad {{number}}',
    activityRequired: 'Nombre la actividad',
    rating: '¿Qué tan bien puede hacer la actividad {{number}} hoy?',
    unable: 'No puedo hacerla',
    asBefore: 'Tan bien como antes',
    add: 'Añadir una actividad',
    remove: 'Quitar la actividad {{number}}',
  },
};

patientI18n.addResourceBundle('en', 'translation', { measures: en }, true);
patientI18n.addResourceBundle('es', 'translation', { measures: es }, true);
