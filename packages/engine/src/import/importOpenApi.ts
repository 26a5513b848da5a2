import type { ImportedApi, ImportWarning } from '@sandbox/contracts';
import type { DeclareContext } from './declareOperation.js';
import { ExpansionBudget, SchemaDeclarer } from './declareSchema.js';
import { declaredSchemeNames, declareSecuritySchemes } from './declareSecuritySchemes.js';
import { ImportError } from './ImportError.js';
import { parseDocument } from './parseDocument.js';
import { isPostmanCollection, postmanToOpenApi } from './postmanCollection.js';
import { readBehaviour } from './readBehaviour.js';
import { isObject, type Json, RefResolver } from './resolveRef.js';
import { toEndpoints } from './toEndpoints.js';
import { SchemaCatalog } from './toSchemas.js';

export { ImportError } from './ImportError.js';

type Imported = ImportedApi & { warnings: ImportWarning[] };

export interface ImportOptions {
  /**
   * Read as Stoplight Prism reads a document where its reading differs (the command-line program's
   * dialect): a Swagger 2.0 operation that produces no media type answers no body; a form field's
   * `collectionFormat` is its encoding only where it is written, in Prism's terms.
   */
  prism?: boolean;
}

/**
 * Reads a Swagger 2.0 or OpenAPI 3.0/3.1 document (JSON or YAML), or a Postman Collection v2.x, into
 * endpoints and named schemas. Throws ImportError, with where in `detail`, for anything it cannot
 * read; what it reads but cannot honour is left out and named in `warnings`.
 */
export function importOpenApi(text: string, fileName: string, options: ImportOptions = {}): Imported {
  const parsed = parseDocument(text, fileName);
  if (!isPostmanCollection(parsed)) return importDocument(parsed, fileName, options);
  // The collection's own warnings point into the collection; the importer's into the OpenAPI
  // document it became, whose paths and operations still name the requests they came from.
  const converted = postmanToOpenApi(parsed, options);
  const imported = importDocument(converted.document, fileName, options);
  return { ...imported, warnings: [...converted.warnings, ...imported.warnings] };
}

function importDocument(parsed: unknown, fileName: string, { prism = false }: ImportOptions): Imported {
  const { document, swagger2 } = recognize(parsed);
  const resolver = new RefResolver(document);
  const catalog = swagger2
    ? new SchemaCatalog(resolver, '#/definitions', document.definitions)
    : new SchemaCatalog(
        resolver,
        '#/components/schemas',
        isObject(document.components) ? document.components.schemas : undefined,
      );
  catalog.addComponents();
  const budget = new ExpansionBudget();
  const declare: DeclareContext = {
    catalog,
    budget,
    schemas: new SchemaDeclarer(catalog, budget, swagger2),
    documentSecurity: document.security,
    schemeNames: declaredSchemeNames(document, swagger2),
    prism,
  };
  const endpoints = toEndpoints({ document, swagger2, catalog, declare, prism });
  const declaredSchemasJson = declare.schemas.declareNamed();
  const securitySchemes = declareSecuritySchemes(document, swagger2, resolver, catalog.warnings);
  const info = isObject(document.info) ? document.info : {};
  const behaviour = readBehaviour(document, '#', catalog.warnings);
  return {
    title: textOf(info.title) ?? (fileName.replace(/\.[^.]*$/, '') || 'Imported API'),
    version: textOf(info.version) ?? '1.0.0',
    description: textOf(info.description),
    endpoints,
    schemas: catalog.schemas,
    ...(declaredSchemasJson ? { declaredSchemasJson } : {}),
    ...(securitySchemes ? { securitySchemes } : {}),
    ...(behaviour ? { behaviour } : {}),
    warnings: catalog.warnings.list(),
  };
}

/** Swagger 2.0 or OpenAPI 3.x with `paths`; anything else is refused. */
function recognize(document: unknown): { document: Json & { paths: Json }; swagger2: boolean } {
  const notOpenApi = 'The file is not an OpenAPI or Swagger document';
  if (!isObject(document)) throw new ImportError(notOpenApi, 'no openapi or swagger version field');
  const { swagger, openapi } = document;
  if (swagger === undefined && openapi === undefined) {
    throw new ImportError(notOpenApi, 'no openapi or swagger version field');
  }
  const version = String(openapi ?? swagger);
  const supported = openapi === undefined ? /^2(\.0)?$/.test(version) : /^3(\.\d+)*$/.test(version);
  if (!supported) {
    throw new ImportError(
      `Version ${version} is not supported: import OpenAPI 3.x or Swagger 2.0`,
      openapi === undefined ? '#/swagger' : '#/openapi',
    );
  }
  const { paths } = document;
  if (!isObject(paths)) throw new ImportError(notOpenApi, 'no paths object at #/paths');
  return { document: { ...document, paths }, swagger2: openapi === undefined };
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : null;
}
