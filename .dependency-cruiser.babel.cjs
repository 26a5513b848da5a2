/**
 * How dependency-cruiser reads TypeScript (TypeScript 7 has no JavaScript compiler API for it to call):
 * Babel strips the types and acorn reads what is left, JSX included. A type makes a dependency too, so
 * each type-only import or re-export first becomes a bare import of the same module, which Babel keeps.
 * Its own file name, so that no other tool takes it for the project's Babel configuration.
 */
const typeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 &&
    node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

function keepTypeImports({ types: t }) {
  return {
    visitor: {
      Program(program) {
        for (const statement of program.get('body')) {
          const { node } = statement;
          const declares =
            statement.isImportDeclaration() || (statement.isExportNamedDeclaration() && node.source);
          if (declares && typeOnly(node))
            statement.replaceWith(t.importDeclaration([], t.stringLiteral(node.source.value)));
        }
      },
    },
  };
}

module.exports = { plugins: [keepTypeImports], presets: ['@babel/preset-typescript'] };
