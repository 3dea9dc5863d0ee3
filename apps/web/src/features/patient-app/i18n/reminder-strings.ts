import { patientI18n } from './i18n.ts';

// The reminders' sentences (decision 1350), added to the patient side's strings by the signed-in frame and the
// reminders page, so the sign-in page never downloads them. `es` must have the same keys as `en` (the type checks it).
const en = {
  menu: 'Reminders',
  cardTitle: 'Get a reminder',
  cardText: 'We can send you a short text or e-mail on the days you choose, so you remember your exercises.',
  cardLink: 'Set up reminders',
  title: 'Reminders',
  intro: 'We can remind you to do your exercises. A reminder never says anything about your health.',
  statusOff: 'Reminders are off',
  statusOn: 'Reminders are on: {{days}} at {{time}}',
  switch: 'Remind me to do my exercises',
  on: 'On',
  off: 'Off',
  days: 'Days',
  everyDay: 'Every day',
  weekdays: 'Weekdays',
  time: 'Time',
  timezone: 'On this phone’s clock: {{timezone}}.',
  timezoneChanged: 'They were set for {{saved}}. Saving uses this phone’s time zone, {{timezone}}.',
  quietAllowed: 'Allow reminders in quiet hours',
  quietHint: 'Quiet hours are from {{from}} to {{until}}. Without this, choose a time from {{until}} to {{last}}.',
  channels: 'How to remind me',
  sms: 'Text message',
  email: 'E-mail',
  push: 'Notification on my phone',
  pushTitle: 'Notifications on this phone',
  pushWhy:
    'Get your reminder as a notification on this phone, even when the app is closed. Your phone will ask you to allow notifications. A notification only says it is time for your exercises or a short check-in, never anything about your health, because others may see your screen.',
  pushTurnOn: 'Turn on notifications',
  pushTurnOff: 'Turn off notifications on this phone',
  pushOn:
    'Notifications are on for this phone. Choose “Notification on my phone” below and save to get reminders this way.',
  pushBlocked:
    'Notifications are blocked for Rehabit on this phone. To allow them, open your phone’s Settings, then Notifications, choose your browser (or Rehabit if you installed the app) and allow notifications. Then come back to this page.',
  pushFailed: 'Notifications could not be turned on or off. Check your connection and try again.',
  pushRefused:
    'This browser did not turn on notifications (some do not, for example in private browsing). Add Rehabit to your home screen and try there, or keep text messages.',
  noEmail: 'No e-mail address is on file for you. Ask your clinic to add one to get e-mail reminders.',
  smsStopped:
    'Text reminders are paused because you replied STOP to one of our texts. To get them again, reply START to any of our reminder texts.',
  emailStopped:
    'E-mail reminders are off because you unsubscribed from a reminder e-mail. Choose E-mail below and save to get them again.',
  language: 'Reminders come in English, the language of this app. Choose Español at the bottom to get them in Spanish.',
  save: 'Save reminders',
  saving: 'Saving…',
  saved: 'Your reminders are saved.',
  savedOff: 'Saved. Reminders are off.',
  loadFailed: 'Your reminders could not be loaded.',
  offline: 'You are offline. Your choices are not saved yet: save again when you are back online.',
  errors: {
    days: 'Choose at least one day',
    time: 'Choose a time',
    quiet: 'This time is in quiet hours. Choose a time from {{until}} to {{last}}, or allow quiet hours.',
    channels: 'Choose at least one way to be reminded',
    noPhone: 'No mobile number is on file for you. Ask your clinic to add one to get text reminders.',
    noDevice: 'Turn on notifications on this phone first, above.',
    timezone: 'This phone’s time zone is not one we know. Check the phone’s date and time settings.',
  },
};

const es: typeof en = {
  menu: 'Recordatorios',
  cardTitle: 'Reciba un recordatorio',
  cardText:
    'Podemos enviarle un mensaje de texto o un correo breve los días que elija, para que recuerde sus ejercicios.',
  cardLink: 'Configurar recordatorios',
  title: 'Recordatorios',
  intro: 'Podemos recordarle que haga sus ejercicios. Un recordatorio nunca dice nada sobre su salud.',
  statusOff: 'Los recordatorios están desactivados',
  statusOn: 'Los recordatorios están activados: {{days}} a las {{time}}',
  switch: 'Recordarme hacer mis ejercicios',
  on: 'Sí',
  off: 'No',
  days: 'Días',
  everyDay: 'Todos los días',
  weekdays: 'Entre semana',
  time: 'Hora',
  timezone: 'Según el reloj de este teléfono: {{timezone}}.',
  timezoneChanged: 'Estaban fijados para {{saved}}. Al guardar se usa la zona horaria de este teléfono, {{timezone}}.',
  quietAllowed: 'Permitir recordatorios en horas de descanso',
  quietHint:
    'Las horas de descanso van de {{from}} a {{until}}. Si no las permite, elija una hora de {{until}} a {{last}}.',
  channels: 'Cómo recordarme',
  sms: 'Mensaje de texto',
  email: 'Correo electrónico',
  push: 'Notificación en mi teléfono',
  pushTitle: 'Notificaciones en este teléfono',
  pushWhy:
    'Reciba su recordatorio como una notificación en este teléfono, aunque la aplicación esté cerrada. Su teléfono le pedirá permiso para mostrar notificaciones. Una notificación solo dice que es hora de sus ejercicios o de un control breve, nunca nada sobre su salud, porque otras personas pueden ver su pantalla.',
  pushTurnOn: 'Activar notificaciones',
  pushTurnOff: 'Desactivar notificaciones en este teléfono',
  pushOn:
    'Las notificaciones están activadas en este teléfono. Elija “Notificación en mi teléfono” abajo y guarde para recibir recordatorios así.',
  pushBlocked:
    'Las notificaciones de Rehabit están bloqueadas en este teléfono. Para permitirlas, abra la Configuración del teléfono, luego Notificaciones, elija su navegador (o Rehabit si instaló la aplicación) y permita las notificaciones. Después vuelva a esta página.',
  pushFailed: 'No pudimos activar o desactivar las notificaciones. Revise su conexión e inténtelo de nuevo.',
  pushRefused:
    'Este navegador no activó las notificaciones (algunos no lo hacen, por ejemplo en la navegación privada). Agregue Rehabit a su pantalla de inicio e inténtelo allí, o siga con los mensajes de texto.',
  noEmail:
    'No tenemos un correo electrónico suyo. Pida a su clínica que lo añada para recibir recordatorios por correo.',
  smsStopped:
    'Los recordatorios por texto están en pausa porque respondió STOP a uno de nuestros mensajes. Para recibirlos de nuevo, responda START a cualquiera de nuestros mensajes de recordatorio.',
  emailStopped:
    'Los recordatorios por correo están desactivados porque canceló la suscripción desde un correo. Elija Correo electrónico abajo y guarde para recibirlos de nuevo.',
  language:
    'Los recordatorios llegan en español, el idioma de esta aplicación. Elija English abajo para recibirlos en inglés.',
  save: 'Guardar recordatorios',
  saving: 'Guardando…',
  saved: 'Sus recordatorios están guardados.',
  savedOff: 'Guardado. Los recordatorios están desactivados.',
  loadFailed: 'No pudimos cargar sus recordatorios.',
  offline: 'No tiene conexión. Sus cambios aún no están guardados: guarde de nuevo cuando vuelva la conexión.',
  errors: {
    days: 'Elija al menos un día',
    time: 'Elija una hora',
    quiet:
      'Esta hora está en las horas de descanso. Elija una hora de {{until}} a {{last}}, o permita las horas de descanso.',
    channels: 'Elija al menos una forma de recordarle',
    noPhone:
      'No tenemos un número de celular suyo. Pida a su clínica que lo añada para recibir recordatorios por texto.',
    noDevice: 'Primero active las notificaciones en este teléfono, arriba.',
    timezone: 'No reconocemos la zona horaria de este teléfono. Revise la fecha y hora del teléfono.',
  },
};

patientI18n.addResourceBundle('en', 'translation', { reminders: en }, true, true);
patientI18n.addResourceBundle('es', 'translation', { reminders: es }, true, true);
