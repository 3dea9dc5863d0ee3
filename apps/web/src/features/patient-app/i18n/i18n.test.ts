import { describe, expect, it } from 'vitest';
import { changeLanguage, languageLoaded, patientI18n } from './i18n.ts';
import { LANGUAGE_KEY } from './language.ts';

// The first language is the phone's (English in jsdom); each test builds on what the one before left loaded.
describe('the patient side’s languages', () => {
  it('holds only the language on screen', async () => {
    await languageLoaded;
    expect(patientI18n.language).toBe('en');
    expect(patientI18n.t('login.title')).toBe('Sign in');
    expect(patientI18n.hasResourceBundle('es', 'translation')).toBe(false);
  });

  it('keeps the last choice when an earlier one finishes loading after it', async () => {
    const spanish = changeLanguage('es');
    const english = changeLanguage('en');
    await Promise.all([spanish, english]);
    expect(patientI18n.language).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it('adds a language when the patient switches to it', async () => {
    await changeLanguage('es');
    expect(patientI18n.language).toBe('es');
    expect(patientI18n.t('login.title')).toBe('Iniciar sesión');
  });
});
