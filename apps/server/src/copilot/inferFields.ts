// Reads the fields of a resource from plain descriptions ("a user with name, email and age"); when
// none are named, a resource gets the fields such a resource usually has.

const LIST_MARKER =
  /\b(?:with|having|containing|including|includes|include|has|have|fields?|properties|attributes|columns)\b\s*:?\s+/gi;
// A field list ends at the sentence's end or where another clause starts.
const LIST_END =
  /[.;!?\n()]|\b(?:for|by|in|from|to|when|if|where|that|which|who|so|but|then|via|using|per|filtered|sorted|searched|paginated|ordered|grouped|returns?|returning)\b/i;
const SKIP_WORDS = new Set([
  'a',
  'an',
  'the',
  'its',
  'their',
  'his',
  'her',
  'my',
  'our',
  'your',
  'new',
  'given',
  'specified',
  'provided',
  'optional',
  'required',
  'unique',
  'some',
  'all',
  'any',
  'each',
  'every',
  'valid',
  'specific',
  'existing',
  'matching',
  'particular',
  'corresponding',
  'field',
  'fields',
  'property',
  'value',
  'values',
]);
const NOT_FIELDS = new Set([
  'pagination',
  'paging',
  'details',
  'detail',
  'info',
  'information',
  'data',
  'support',
  'filters',
  'filter',
  'filtering',
  'sorting',
  'success',
  'error',
  'errors',
  'response',
  'request',
  'body',
  'json',
  'payload',
  'it',
  'them',
  'this',
  'that',
  'ease',
  'care',
]);

const DEFAULTS: [RegExp, string[]][] = [
  [
    /^(user|member|customer|person|employee|contact|student|teacher|patient|profile|account|author)$/,
    ['name', 'email'],
  ],
  [/^order$/, ['total', 'status']],
  [/^(product|item|article_item)$/, ['name', 'price', 'sku']],
  [/^(post|article|blog|story|page)$/, ['title', 'content', 'author']],
  [/^(comment|reply|note)$/, ['content', 'author']],
  [/^review$/, ['rating', 'comment']],
  [/^(task|todo|ticket|issue)$/, ['title', 'completed', 'dueDate']],
  [/^book$/, ['title', 'author', 'isbn']],
  [/^(pet|animal|dog|cat)$/, ['name', 'species']],
  [/^(category|tag|label|group|team|project|organization|company|department)$/, ['name', 'description']],
  [/^invoice$/, ['amount', 'dueDate', 'status']],
  [/^(payment|transaction|refund)$/, ['amount', 'currency', 'status']],
  [/^(booking|reservation|appointment)$/, ['startsAt', 'endsAt', 'status']],
  [/^(event|meeting)$/, ['title', 'startsAt', 'location']],
  [/^(message|notification|email)$/, ['subject', 'content', 'sender']],
  [/^(file|document|image|photo|attachment)$/, ['name', 'url', 'size']],
  [/^(address|location)$/, ['street', 'city', 'country']],
  [/^cart$/, ['items', 'total']],
];

/** `users` → `user`, `categories` → `category`, `addresses` → `address`; `status` stays. */
export function singular(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh|zz|us)es$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

export const camelCase = (words: string[]) =>
  words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');

/** `"name, e-mail address and date of birth"` → `['name', 'emailAddress', 'dateOfBirth']`. */
function fieldsOfList(list: string): string[] {
  return list
    .split(/,|\band\b|\bor\b|&|\/|\bplus\b|\bas well as\b/i)
    .map((item) =>
      item
        .replace(/e-mail/gi, 'email')
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((word) => word && !SKIP_WORDS.has(word)),
    )
    .filter((words) => words.length > 0 && words.length <= 3 && /^[a-z]/.test(words[0]))
    .map(camelCase)
    .filter((name) => !NOT_FIELDS.has(name));
}

/** Every field a text names after "with", "having", "fields:"... */
export function fieldsNamedIn(text: string): string[] {
  const found: string[] = [];
  for (const marker of text.matchAll(LIST_MARKER)) {
    const rest = text.slice((marker.index ?? 0) + marker[0].length);
    const end = LIST_END.exec(rest);
    found.push(...fieldsOfList(end ? rest.slice(0, end.index) : rest));
  }
  return [...new Set(found)];
}

/** The fields a resource usually has, for when no description names any. */
export function defaultFields(resource: string): string[] {
  return DEFAULTS.find(([pattern]) => pattern.test(resource))?.[1] ?? ['name', 'description'];
}

/** Sentences of the project description that speak of this resource (`user` or `users`). */
export function sentencesAbout(text: string, resource: string): string[] {
  const mention = new RegExp(`\\b${resource}(s|es)?\\b`, 'i');
  return text.split(/(?<=[.!?\n])\s+/).filter((sentence) => mention.test(sentence));
}

/** "list orders filtered by status and customer" → `['status', 'customer']`. */
export function filtersNamedIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(
    /\b(?:filter(?:ed|s)?|search(?:ed)?|sort(?:ed)?|quer(?:y|ied))\s+(?:by|on)\s+([^.;\n]+)/gi,
  )) {
    found.push(...fieldsOfList(match[1].split(/\b(?:for|in|from|to|when|with|that|which)\b/i)[0]));
  }
  return [...new Set(found)];
}

export const mentionsPaging = (text: string) => /\b(pag(e|es|ed|ing|inat\w*)|limit|offset)\b/i.test(text);
