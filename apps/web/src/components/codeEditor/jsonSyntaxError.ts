// Where and why a text is not JSON, in words a person reads: the editor underlines the place and
// prints "Line 3, column 5: Expected ',' or '}' after property value".

export interface JsonSyntaxError {
  /** Offset of the offending character; the end of the text when the engine does not say. */
  from: number;
  line: number;
  column: number;
  message: string;
}

// Chromium/Node: "… in JSON at position 12 (line 1 column 13)"; Firefox: "JSON.parse: … at line 1 column 13 of the JSON data".
const AT_POSITION = /\s+in JSON at position (\d+)(?: \(line \d+ column \d+\))?/;
const AT_LINE_COLUMN = /\s+at line (\d+) column (\d+) of the JSON data/;

/** Null when `text` is JSON, or blank (nothing typed is no error). */
export function jsonSyntaxError(text: string): JsonSyntaxError | null {
  if (text.trim() === '') return null;
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const position = AT_POSITION.exec(raw);
    const lineColumn = AT_LINE_COLUMN.exec(raw);
    const from = position
      ? Number(position[1])
      : lineColumn
        ? offsetOf(text, Number(lineColumn[1]), Number(lineColumn[2]))
        : text.length;
    const message = raw
      .replace(AT_POSITION, '')
      .replace(AT_LINE_COLUMN, '')
      .replace(/^JSON\.parse: /, '');
    return { from: Math.min(from, text.length), ...lineAndColumn(text, from), message: capitalise(message) };
  }
}

function lineAndColumn(text: string, offset: number) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

function offsetOf(text: string, line: number, column: number) {
  let offset = 0;
  for (let l = 1; l < line; l++) offset = text.indexOf('\n', offset) + 1;
  return offset + column - 1;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const describeJsonError = (error: JsonSyntaxError) =>
  `Line ${error.line}, column ${error.column}: ${error.message}`;
