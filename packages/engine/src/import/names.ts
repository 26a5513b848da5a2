// Names given to schemas the document left anonymous (inline request and response bodies, alternatives).

function words(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
}

export function pascalCase(text: string): string {
  return words(text)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');
}

function camelCase(text: string): string {
  const pascal = pascalCase(text);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/** `listPets`, or `getPetsPetId` for `GET /pets/{petId}` without an operationId. */
export function operationBaseName(operationId: string | null, method: string, path: string): string {
  if (operationId && /^[A-Za-z0-9._-]+$/.test(operationId)) return operationId;
  return camelCase(operationId ?? `${method.toLowerCase()} ${path}`) || 'operation';
}
