// Enumerations and examples are typed as text in the design forms and stored as JSON values.

/** `a, b, 3` → ["a", "b", 3]: each item is JSON when it parses (numbers, true, null), else text. */
export function parseListText(text: string): unknown[] | null {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.length === 0 ? null : items.map(parseValueText);
}

/** The inverse of parseListText, for showing stored values in a field. */
export function listText(values: unknown[] | null | undefined): string {
  return (values ?? []).map(valueText).join(', ');
}

/** One value typed as text: JSON when it parses (`42`, `{"a":1}`, `"quoted"`), otherwise the text. */
export function parseValueText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function valueText(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
