import type { ImportSettings } from '../config.js';
import { TooManyRequests } from '../http/errors.js';

// What the imports in progress may hold at once, so that uploads cannot pile up memory without bound.

declare module 'fastify' {
  interface FastifyRequest {
    /** An import request's share of the import budget, given when importRoutes.ts admits it. */
    importShare: ImportShare | null;
  }
}

const busy = () =>
  new TooManyRequests('The server is busy importing other documents: try again in a moment', 10);

/**
 * What all imports in progress may hold at once. Their documents' bytes, `maxBytesInFlight` in all,
 * are held as they arrive and given back once the import is answered: the worker's answer is about
 * as large as the document, and is written from here. One team may have `maxPerTeam` imports in
 * progress. Past either, an import is refused (429) before more of its document is read; a lone
 * import is never refused for bytes, so a budget below 10 MB still lets one document through.
 */
export class ImportBudget {
  held = 0;
  private readonly inProgress = new Map<number, number>();

  constructor(readonly settings: ImportSettings) {}

  /** A place for one import of `team`, whose request says it is `declaredBytes` long (0: unsaid). */
  admit(team: number, declaredBytes: number): ImportShare {
    const { maxPerTeam } = this.settings;
    const imports = this.inProgress.get(team) ?? 0;
    if (imports >= maxPerTeam) {
      throw new TooManyRequests(
        `Your team is already importing ${maxPerTeam} documents: try again once one is done`,
        10,
      );
    }
    // told up front: an upload that cannot fit is refused before a byte of it is read
    if (!this.fits(declaredBytes, 0)) throw busy();
    this.inProgress.set(team, imports + 1);
    return new ImportShare(this, team);
  }

  fits(bytes: number, heldByAsker: number): boolean {
    return this.held === heldByAsker || this.held + bytes <= this.settings.maxBytesInFlight;
  }

  leave(team: number): void {
    const imports = (this.inProgress.get(team) ?? 1) - 1;
    if (imports > 0) this.inProgress.set(team, imports);
    else this.inProgress.delete(team);
  }
}

/** One import's share of the budget: its team's place, and the bytes of its document it holds. */
export class ImportShare {
  private mine = 0;
  private left = false;

  constructor(
    private readonly budget: ImportBudget,
    readonly team: number,
  ) {}

  get idleTimeoutMs(): number {
    return this.budget.settings.idleTimeoutMs;
  }

  /** Holds `bytes` more of the document, or refuses the import (429) when the budget is spent. */
  hold(bytes: number): void {
    if (this.left) return;
    if (!this.budget.fits(bytes, this.mine)) throw busy();
    this.budget.held += bytes;
    this.mine += bytes;
  }

  /** Gives back bytes held for more than the document turned out to need. */
  giveBack(bytes: number): void {
    const given = Math.min(bytes, this.mine);
    this.budget.held -= given;
    this.mine -= given;
  }

  /** The import was answered, or its client is gone: its bytes and its team's place are given back. */
  leave(): void {
    if (this.left) return;
    this.left = true;
    this.giveBack(this.mine);
    this.budget.leave(this.team);
  }
}
