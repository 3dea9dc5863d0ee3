import type { DropdownOption } from '@web/components/ui/dropdown/dropdown.tsx';

/** Calling codes of the countries clinic patients most often come from; +1 first, the default. */
const dialCodes: readonly [string, string][] = [
  ['+1', 'United States, Canada'],
  ['+52', 'Mexico'],
  ['+44', 'United Kingdom'],
  ['+34', 'Spain'],
  ['+49', 'Germany'],
  ['+33', 'France'],
  ['+39', 'Italy'],
  ['+351', 'Portugal'],
  ['+48', 'Poland'],
  ['+380', 'Ukraine'],
  ['+7', 'Russia, Kazakhstan'],
  ['+53', 'Cuba'],
  ['+502', 'Guatemala'],
  ['+503', 'El Salvador'],
  ['+504', 'Honduras'],
  ['+505', 'Nicaragua'],
  ['+57', 'Colombia'],
  ['+58', 'Venezuela'],
  ['+51', 'Peru'],
  ['+54', 'Argentina'],
  ['+55', 'Brazil'],
  ['+56', 'Chile'],
  ['+61', 'Australia'],
  ['+63', 'Philippines'],
  ['+81', 'Japan'],
  ['+82', 'South Korea'],
  ['+84', 'Vietnam'],
  ['+86', 'China'],
  ['+91', 'India'],
  ['+972', 'Israel'],
  ['+20', 'Egypt'],
  ['+234', 'Nigeria'],
  ['+27', 'South Africa'],
];

export const DEFAULT_DIAL_CODE = '+1';

/** The options, plus a code saved earlier that is not in the list, so an edit never loses it. */
export function dialCodeOptions(current?: string | null): DropdownOption<string>[] {
  const options = dialCodes.map(([value, country]) => ({ value, label: `${value} ${country}` }));
  if (current && !options.some((option) => option.value === current)) options.push({ value: current, label: current });
  return options;
}
