import Negotiator from 'negotiator';
import { contentTypeOf, essenceOf, isRange } from '../shared/mediaTypes.js';

/** What a declared media type needs for negotiation: `type` as declared, `contentType` as answered. */
export interface Offered {
  type: string;
  contentType: string;
}

export interface Negotiated<T extends Offered> {
  media: T;
  /** The type answered: the media's own, or for a declared range the concrete type the request asked. */
  contentType: string;
}

/** Choices remembered per response, and the longest Accept remembered: a client cannot grow them. */
const MEMO_LIMIT = 64;
const MEMO_ACCEPT_LENGTH = 256;

/**
 * Chooses among the media types a response declares by the request's `Accept` (RFC 9110 §12.5.1):
 * q-values, `type/*` and `*\/*`, parameters. No Accept, or `*\/*`, takes the first declared type.
 * A choice is remembered per Accept text, so clients sending the same Accept parse it once.
 */
export class MediaChoice<T extends Offered> {
  private readonly first: Negotiated<T> | undefined;
  /** Declared concrete types (lower-cased), for Negotiator, and the media each names. */
  private readonly concrete: string[] = [];
  private readonly byType = new Map<string, T>();
  /** Declared ranges (`image/*`): a request naming a type of the family gets that type. */
  private readonly ranges: T[] = [];
  private readonly memo = new Map<string, Negotiated<T> | null>();

  /**
   * `narrow` gives the media a declared range answers as once a request names a concrete type of its
   * family: a range is compiled for its default type (`*\/*` with a string example is text), and the
   * type answered decides how the body is written.
   */
  constructor(
    readonly media: readonly T[],
    private readonly narrow?: (range: T, contentType: string) => T,
  ) {
    this.first = media[0] && { media: media[0], contentType: media[0].contentType };
    for (const m of media) {
      const type = m.type.trim().toLowerCase();
      if (isRange(type)) this.ranges.push(m);
      else if (!this.byType.has(type)) {
        this.concrete.push(type);
        this.byType.set(type, m);
      }
    }
  }

  /** `undefined` when the response declares no content; null when none of it is acceptable. */
  choose(accept: string | undefined): Negotiated<T> | null | undefined {
    if (!this.first || accept === undefined || accept === '' || accept === '*/*') return this.first;
    const remembered = this.memo.get(accept);
    if (remembered !== undefined) return remembered;
    const chosen = this.negotiate(accept);
    if (accept.length <= MEMO_ACCEPT_LENGTH) {
      if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
      this.memo.set(accept, chosen);
    }
    return chosen;
  }

  /** The declared types, for a 406 to list. */
  get available(): string[] {
    return this.media.map((m) => m.type);
  }

  private negotiate(accept: string): Negotiated<T> | null {
    const negotiator = new Negotiator({ headers: { accept } });
    // a parameter the declared type does not name (`; charset=utf-8`) does not make it unacceptable
    const best =
      this.concrete.length === 0
        ? undefined
        : (negotiator.mediaType(this.concrete) ??
          new Negotiator({ headers: { accept: withoutParameters(accept) } }).mediaType(this.concrete));
    const media = best === undefined ? undefined : this.byType.get(best.toLowerCase());
    if (media) return { media, contentType: media.contentType };
    if (this.ranges.length === 0) return null;
    for (const wanted of negotiator.mediaTypes()) {
      const range = this.ranges.find((r) => covers(essenceOf(r.type), wanted));
      if (!range) continue;
      if (wanted.includes('*')) return { media: range, contentType: range.contentType };
      const contentType = contentTypeOf(wanted);
      return { media: this.narrow ? this.narrow(range, contentType) : range, contentType };
    }
    return null;
  }
}

/** `application/json; charset=utf-8; q=0.5` → `application/json;q=0.5`: only the q-values kept. */
function withoutParameters(accept: string): string {
  return accept
    .split(',')
    .map((range) => {
      const [type, ...parameters] = range.split(';');
      const q = parameters.find((p) => /^\s*q\s*=/i.test(p));
      return q === undefined ? type.trim() : `${type.trim()};${q.trim()}`;
    })
    .join(',');
}

/** Whether a declared range (`image/*`) and an accepted type (`image/png`, `image/*`, `*\/*`) meet. */
function covers(range: string, wanted: string): boolean {
  if (range === '*/*' || wanted === '*/*') return true;
  const family = range.slice(0, range.indexOf('/'));
  return wanted.slice(0, wanted.indexOf('/')) === family;
}
