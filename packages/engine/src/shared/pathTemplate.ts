import type { ParameterConfig } from '@sandbox/contracts';

/** A `{name}` of the path that the document forgot to declare is still a required path parameter. */
export function withTemplateParameters(path: string, parameters: ParameterConfig[]): ParameterConfig[] {
  const declared = new Set(parameters.filter((p) => p.parameterType === 'path').map((p) => p.keyName));
  const missing = [...path.matchAll(/\{([^}]+)\}/g)]
    .map((match) => match[1] as string)
    .filter((name) => !declared.has(name));
  return [
    ...parameters,
    ...missing.map(
      (keyName): ParameterConfig => ({
        keyName,
        parameterType: 'path',
        description: null,
        isRequired: true,
        dataType: 'string',
      }),
    ),
  ];
}
