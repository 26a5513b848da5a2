import { Composer, type CST, type Document, Lexer, LineCounter, Parser } from 'yaml';
import { ImportError, MAX_NESTING_DEPTH, MAX_YAML_ALIASES } from './ImportError.js';
import { YamlNestingGauge } from './measureYamlNesting.js';

export function parseYaml(text: string): unknown {
  const lineCounter = new LineCounter();
  const where = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return `line ${line}, column ${col}`;
  };
  const tokens = lexWithinDepth(text, lineCounter, where);
  const documents: Document.Parsed[] = Array.from(
    new Composer({ uniqueKeys: true }).compose(tokens, true, text.length),
  );
  const [document, extra] = documents;
  if (!document) throw new ImportError('The file is empty');
  if (extra) throw new ImportError('The file holds several YAML documents', where(extra.range[0]));
  const [error] = document.errors;
  if (error) {
    const reason = error.message.split(' at line ')[0];
    throw new ImportError(`The file is not valid YAML: ${reason}`, where(error.pos[0]));
  }
  try {
    return document.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    // the yaml package signals a billion-laughs expansion with a ReferenceError
    if (error instanceof ReferenceError && /alias/i.test(error.message)) {
      throw new ImportError(
        'The file uses too many YAML aliases',
        `more than ${MAX_YAML_ALIASES} expansions`,
      );
    }
    throw error;
  }
}

function lexWithinDepth(
  text: string,
  lineCounter: LineCounter,
  where: (offset: number) => string,
): CST.Token[] {
  const parser = new Parser(lineCounter.addNewLine);
  // Parser.parse() would announce the first line itself; driving it lexeme by lexeme, we must
  lineCounter.addNewLine(0);
  const gauge = new YamlNestingGauge();
  const tokens: CST.Token[] = [];
  for (const lexeme of new Lexer().lex(text)) {
    if (gauge.read(lexeme) > MAX_NESTING_DEPTH) {
      throw new ImportError('The document is nested too deeply', where(parser.offset));
    }
    for (const token of parser.next(lexeme)) tokens.push(token);
  }
  for (const token of parser.end()) tokens.push(token);
  return tokens;
}
