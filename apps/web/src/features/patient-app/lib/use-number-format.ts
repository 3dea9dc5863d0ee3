import { useTranslation } from 'react-i18next';

/**
 * Numbers as the patient's language writes them ("4.9" in English, "4,9" in Spanish; "2,500" and "2.500"), at
 * most one decimal, which is all a pain rating or a step count shows.
 */
export function useNumberFormat() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (value: number) => format.format(value);
}
