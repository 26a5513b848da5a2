/** One request's share of the allowance: the bytes of its body read so far, given back on release. */
class BodyHold {
  private mine = 0;

  constructor(
    private readonly allowance: BodyAllowance,
    private readonly client: string,
  ) {}

  /** Asks to hold `bytes` more, as they arrive: false when that would take a bound past its limit. */
  admit(bytes: number): boolean {
    if (bytes <= 0) return true;
    const { allowance, client } = this;
    const clientHeld = allowance.heldBy(client);
    if (allowance.held - this.mine > 0 && allowance.held + bytes > allowance.max) return false;
    if (clientHeld - this.mine > 0 && clientHeld + bytes > allowance.maxPerClient) return false;
    allowance.hold(client, bytes);
    this.mine += bytes;
    return true;
  }

  /** Gives back what was held; safe to call more than once. */
  release(): void {
    this.allowance.hold(this.client, -this.mine);
    this.mine = 0;
  }
}

/**
 * The bytes of request bodies the sandbox holds at once, across all its requests and for each client.
 * Bytes are asked for as they arrive, never from the length a request declares, so a request that
 * declares 1 MB and sends one byte holds one byte. Past `max` in all, or past `maxPerClient` from one
 * client, a request is refused, unless it would be the only one holding anything (in all, or from
 * its client): a lone body up to the body limit always gets through.
 */
export class BodyAllowance {
  held = 0;
  private readonly byClient = new Map<string, number>();

  constructor(
    readonly max: number,
    readonly maxPerClient = max,
  ) {}

  open(client = ''): BodyHold {
    return new BodyHold(this, client);
  }

  heldBy(client: string): number {
    return this.byClient.get(client) ?? 0;
  }

  hold(client: string, bytes: number): void {
    if (bytes === 0) return;
    this.held += bytes;
    const now = this.heldBy(client) + bytes;
    if (now > 0) this.byClient.set(client, now);
    else this.byClient.delete(client);
  }
}

export type { BodyHold };
