import i18next from 'i18next';
import { useEffect } from 'react';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, type PatientLanguage, saveLanguage, stringsOf } from './language.ts';

/**
 * The patient side's own i18next instance. Only the patient screens import this module, so the staff
 * screens never download the library or the strings (decision 0430).
 */
export const patientI18n = i18next.createInstance();

const loaded = new Map<PatientLanguage, Promise<void>>();
function load(language: PatientLanguage) {
  let loading = loaded.get(language);
  if (!loading) {
    loading = stringsOf(language).then((translation) => {
      patientI18n.addResourceBundle(language, 'translation', translation, true, true);
    });
    loaded.set(language, loading);
  }
  return loading;
}

let chosen = initialLanguage();
void patientI18n.use(initReactI18next).init({
  resources: {},
  lng: chosen,
  // Every language has every string (es.ts is typed by en.ts), so none falls back to another.
  fallbackLng: false,
  // React escapes what it renders; escaping here too would show entities.
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});
/** The patient's language is in: the patient's pages wait for it, so they are drawn in it from the start. */
export const languageLoaded = load(chosen);

// The page's language follows the patient's choice while a patient screen is open.
patientI18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

/** Gives the page the patient's language while mounted, and English (the staff side's) back afterwards. */
export function usePatientPageLanguage() {
  useEffect(() => {
    document.documentElement.lang = patientI18n.language;
    return () => {
      document.documentElement.lang = 'en';
    };
  }, []);
}

export async function changeLanguage(language: PatientLanguage) {
  chosen = language;
  saveLanguage(language);
  await load(language);
  // A choice made while this language loaded wins over it.
  if (chosen === language) await patientI18n.changeLanguage(language);
}
