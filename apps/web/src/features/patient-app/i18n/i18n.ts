import type { PatientLanguage } from '@rehabit/contract';
import i18next from 'i18next';
import { useEffect } from 'react';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { es } from './es.ts';
import { initialLanguage, saveLanguage } from './language.ts';

/**
 * The patient side's own i18next instance. Only the patient screens import this module, so the staff
 * screens never download the library or the strings (decision 0430).
 */
export const patientI18n = i18next.createInstance();

void patientI18n.use(initReactI18next).init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  // React escapes what it renders; escaping here too would show entities.
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

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

export function changeLanguage(language: PatientLanguage) {
  saveLanguage(language);
  return patientI18n.changeLanguage(language);
}
