// Roughly how many instructions RE2 will compile a pattern (in RE2 syntax) to, read in one pass
// without compiling it: compiling `(?:abcd){1000}` costs as much as the 4,000 instructions it makes,
// so a pattern that would be refused for its size is refused before that cost is paid.

const REPEAT = /\{(\d+)(?:,(\d*))?\}/y;

/** RE2 refuses counts above 1000; a larger one must not make a pattern look enormous. */
const MAX_COUNT = 1001;

export function estimateProgramSize(re2: string): number {
  const enclosing: number[] = [];
  let total = 0;
  let last = 0;
  for (let i = 0; i < re2.length; i++) {
    const c = re2[i];
    if (c === '(') {
      enclosing.push(total);
      total = 0;
      last = 0;
      continue;
    }
    if (c === '|' || c === '*' || c === '+' || c === '?') {
      total += 1;
      if (c === '|') last = 0;
      continue;
    }
    if (c === '{') {
      REPEAT.lastIndex = i;
      const repeat = REPEAT.exec(re2);
      if (repeat) {
        const least = Math.min(Number(repeat[1]), MAX_COUNT);
        const most = repeat[2] === undefined ? least : repeat[2] === '' ? least + 1 : Number(repeat[2]);
        const count = Math.max(1, Math.min(most, MAX_COUNT));
        total += last * (count - 1) + count;
        last *= count;
        i += repeat[0].length - 1;
        continue;
      }
    }
    let atom = 1;
    if (c === ')') {
      atom = total + 2;
      total = enclosing.pop() ?? 0;
    } else if (c === '\\') {
      i = escapeEnd(re2, i);
    } else if (c === '[') {
      i = classEnd(re2, i);
    }
    total += atom;
    last = atom;
  }
  return total;
}

/** `\d`, `\x{1F600}`, `\p{Greek}`: the index of the escape's last character. */
function escapeEnd(re2: string, at: number): number {
  if (re2[at + 2] === '{' && 'xpP'.includes(re2[at + 1] ?? '')) {
    const close = re2.indexOf('}', at + 3);
    if (close !== -1) return close;
  }
  return at + 1;
}

/** The index of the `]` closing the class opened at `at` (a leading `]` or `^]` is literal). */
function classEnd(re2: string, at: number): number {
  let i = at + 1;
  if (re2[i] === '^') i++;
  if (re2[i] === ']') i++;
  for (; i < re2.length; i++) {
    if (re2[i] === '\\') i = escapeEnd(re2, i);
    else if (re2[i] === ']') return i;
  }
  return re2.length;
}
