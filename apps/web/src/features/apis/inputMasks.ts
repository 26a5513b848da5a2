// Input masks of the API forms (spec §5 New API and Body property).

/** spec §5: name and description start with a capital letter as they are typed. */
export function capitaliseFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** spec §5: the version follows the mask 9.9, a digit, a dot and a digit, as the user types. */
export function maskVersion(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 2);
  if (digits.length === 0) return '';
  if (digits.length === 2) return `${digits[0]}.${digits[1]}`;
  // Keep a typed dot after the first digit so the user can go on to the second one.
  return /^\D*\d\D*\./.test(input) ? `${digits}.` : digits;
}

/**
 * What the user is told when the mask cut what they wrote (`1.2.3` kept as `1.2`): the spec's 9.9 mask
 * keeps no third part and no second digit, and a silent change goes unnoticed. Nothing for a mere
 * reshaping (`12` as `1.2`, `v1` as `1`). `written` is the field's text after one key or a paste.
 */
export function versionCutNote(written: string, kept: string): string | undefined {
  const cut = written.replace(/\D/g, '').length > 2 || /\d\D*\d\D*\./.test(written);
  return cut ? `Only a digit, a dot and a digit fit: the version is kept as ${kept}` : undefined;
}

/** spec §5: minLength and maxLength take digits only, pasted text included. */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

const EDITING_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
]);

/** Whether a key press may reach a digits-only field: digits, editing keys and shortcuts (copy, paste...). */
export function isDigitKey(key: string, withShortcutModifier: boolean): boolean {
  return withShortcutModifier || EDITING_KEYS.has(key) || /^\d$/.test(key);
}
