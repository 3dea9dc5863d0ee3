import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n.ts';
import { type PatientLanguage, patientLanguages } from '../i18n/language.ts';

// Each language is named in itself, so a patient finds theirs whatever is on screen.
const names: Record<PatientLanguage, string> = { en: 'English', es: 'Español' };

/** English / Español; the choice is kept on this phone. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <fieldset className="pa-language">
      <legend className="visually-hidden">{t('common.language')}</legend>
      {patientLanguages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="pa-language__option"
          aria-pressed={i18n.language === language}
          onClick={() => changeLanguage(language)}
        >
          {names[language]}
        </button>
      ))}
    </fieldset>
  );
}
