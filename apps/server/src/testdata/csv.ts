// RFC 4180 CSV: quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF or LF.

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (OWASP, CSV injection). A text
 * cell so written gets one more leading quote, which spreadsheets read as "this is text"; the quotes
 * already there count, so that uploading a downloaded file takes exactly one off and restores it.
 */
const TO_NEUTRALISE = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** Takes off the quote a download added (or a person typed, as spreadsheets teach them to). */
function restoreText(field: string): string {
  return NEUTRALISED.test(field) ? field.slice(1) : field;
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"') {
      if (field !== '') throw new CsvSyntaxError(`Line ${line}: a quote may only open a field`, line);
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      line++;
    } else {
      field += c;
    }
  }
  if (quoted) throw new CsvSyntaxError(`Line ${line}: a quoted field is never closed`, line);
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === '')).map((r) => r.map(restoreText));
}

function quote(value: string, always = false): string {
  return always || /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Text is neutralised, numbers are not: -5 stays a number, while the text "-5" is written '-5. */
function cell(value: unknown): string {
  if (typeof value === 'string') {
    return TO_NEUTRALISE.test(value) ? quote(`'${value}`, true) : quote(value);
  }
  if (value === undefined || value === null) return '';
  // JSON of an object or array starts with a brace or a bracket, which no spreadsheet runs
  return quote(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

export function toCsv(header: string[], rows: unknown[][] = []): string {
  return `${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
