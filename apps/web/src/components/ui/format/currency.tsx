import { formatCurrency } from './format.ts';

export function Currency({ value }: { value: number | string | null | undefined }) {
  const text = formatCurrency(value);
  if (!text) return null;
  return <span className="tabular">{text}</span>;
}
