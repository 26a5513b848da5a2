import { CST } from 'yaml';

/**
 * Estimates, lexeme by lexeme, how deeply a YAML text nests, so that a hostile file is refused before
 * the yaml package's recursive composer sees it (a few thousand levels exhaust its stack, and the parser
 * slows down on every extra level). It may overestimate by a level or two per line, never underestimate
 * much: flow brackets are counted exactly, block levels by the stack of indentations, `- - -` by count.
 */
export class YamlNestingGauge {
  private flow = 0;
  private readonly indents: number[] = [];
  private atLineStart = true;
  private lineIndent = 0;
  private lineIndicators = 0;
  private scalarSourceNext = false;
  private afterBlockHeader = false;

  /** Feeds one lexeme of `yaml`'s Lexer; returns the estimated depth so far. */
  read(lexeme: string): number {
    if (this.scalarSourceNext) {
      this.scalarSourceNext = false;
      if (lexeme.endsWith('\n')) this.startLine();
      return this.depth();
    }
    switch (CST.tokenType(lexeme)) {
      case 'newline':
        this.startLine();
        break;
      case 'space':
        if (this.atLineStart) this.lineIndent = lexeme.length;
        break;
      case 'comment':
      case 'doc-mode':
        break;
      case 'scalar':
        this.scalarSourceNext = true;
        if (!this.afterBlockHeader) this.startContent();
        this.afterBlockHeader = false;
        break;
      case 'block-scalar-header':
        this.startContent();
        this.afterBlockHeader = true;
        break;
      case 'flow-seq-start':
      case 'flow-map-start':
        this.startContent();
        this.flow++;
        break;
      case 'flow-seq-end':
      case 'flow-map-end':
        this.startContent();
        this.flow = Math.max(0, this.flow - 1);
        break;
      case 'seq-item-ind':
      case 'explicit-key-ind':
        this.startContent();
        if (this.flow === 0) this.lineIndicators++;
        break;
      default:
        this.startContent();
    }
    return this.depth();
  }

  private depth(): number {
    return this.indents.length + this.lineIndicators + this.flow;
  }

  private startLine(): void {
    this.atLineStart = true;
    this.lineIndent = 0;
    this.lineIndicators = 0;
  }

  private startContent(): void {
    if (!this.atLineStart) return;
    this.atLineStart = false;
    if (this.flow > 0) return;
    while ((this.indents.at(-1) ?? -1) > this.lineIndent) this.indents.pop();
    if ((this.indents.at(-1) ?? -1) < this.lineIndent) this.indents.push(this.lineIndent);
  }
}
