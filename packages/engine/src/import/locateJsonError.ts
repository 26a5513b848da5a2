// V8's JSON.parse messages do not always carry a position; this finds the first offending character.

export interface JsonSyntaxProblem {
  offset: number;
  reason: string;
}

type Expecting = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'commaOrClose';

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'];

export function locateJsonError(text: string): JsonSyntaxProblem | null {
  const open: string[] = [];
  let expecting: Expecting = 'value';
  let i = 0;
  for (;;) {
    i = skipWhitespace(text, i);
    if (i >= text.length) {
      return expecting === 'commaOrClose' && open.length === 0
        ? null
        : { offset: text.length, reason: 'unexpected end of file' };
    }
    const c = text[i] as string;
    if (expecting === 'commaOrClose') {
      if (open.length === 0) return { offset: i, reason: 'unexpected content after the document' };
      const closer = open.at(-1) === '{' ? '}' : ']';
      if (c === ',') expecting = closer === '}' ? 'key' : 'value';
      else if (c === closer) open.pop();
      else return { offset: i, reason: `expected ',' or '${closer}' but found ${show(c)}` };
      i++;
    } else if (expecting === 'colon') {
      if (c !== ':') return { offset: i, reason: `expected ':' but found ${show(c)}` };
      expecting = 'value';
      i++;
    } else if (expecting === 'key' || expecting === 'keyOrClose') {
      if (c === '}' && expecting === 'keyOrClose') {
        open.pop();
        expecting = 'commaOrClose';
        i++;
      } else if (c === '"') {
        const end = scanString(text, i);
        if (typeof end !== 'number') return end;
        expecting = 'colon';
        i = end;
      } else return { offset: i, reason: `expected a property name in double quotes but found ${show(c)}` };
    } else if (c === ']' && expecting === 'valueOrClose') {
      open.pop();
      expecting = 'commaOrClose';
      i++;
    } else if (c === '{' || c === '[') {
      open.push(c);
      expecting = c === '{' ? 'keyOrClose' : 'valueOrClose';
      i++;
    } else {
      const end = scanScalar(text, i);
      if (typeof end !== 'number') return end;
      expecting = 'commaOrClose';
      i = end;
    }
  }
}

function scanScalar(text: string, i: number): number | JsonSyntaxProblem {
  if (text[i] === '"') return scanString(text, i);
  const literal = LITERALS.find((word) => text.startsWith(word, i));
  if (literal) return i + literal.length;
  NUMBER.lastIndex = i;
  if (NUMBER.test(text)) return NUMBER.lastIndex;
  return { offset: i, reason: `unexpected ${show(text[i] as string)}` };
}

function scanString(text: string, start: number): number | JsonSyntaxProblem {
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code < 0x20) return { offset: i, reason: 'control character in a string' };
    if (code === 0x5c) {
      const escaped = text[i + 1] ?? '';
      if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 5;
      else if ('"\\/bfnrt'.includes(escaped) && escaped !== '') i += 1;
      else return { offset: i, reason: 'invalid escape in a string' };
    }
  }
  return { offset: text.length, reason: 'unterminated string' };
}

function skipWhitespace(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text[i];
    if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t') break;
    i++;
  }
  return i;
}

function show(c: string): string {
  return JSON.stringify(c);
}

/** 1-based, the way editors count. */
export function describePosition(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return `line ${line}, column ${offset - lineStart + 1}`;
}
