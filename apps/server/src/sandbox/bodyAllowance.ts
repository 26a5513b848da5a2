/** One request's share of the allowance: what it was admitted to hold, given back on release. */
class BodyHold {
  private mine = 0;

  constructor(private readonly allowance: BodyAllowance) {}

  admit(bytes: number): boolean {
    const { allowance } = this;
    if (bytes > 0 && allowance.held - this.mine > 0 && allowance.held + bytes > allowance.max) return false;
    allowance.held += bytes;
    this.mine += bytes;
    return true;
  }

  release(): void {
    this.allowance.held -= this.mine;
    this.mine = 0;
  }
}

/**
 * The bytes of request bodies the sandbox holds at once, across all its requests. A request asks to
 * hold its body's bytes (all at once when it declares its length, else chunk by chunk) and gives them
 * back once answered. Past `max` a request is refused, unless it would be the only one holding
 * anything: a lone body up to the body limit always gets through.
 */
export class BodyAllowance {
  held = 0;

  constructor(readonly max: number) {}

  open(): BodyHold {
    return new BodyHold(this);
  }
}

export type { BodyHold };
