import { pathParameterNames, ZPathTemplate } from '@sandbox/contracts';

export interface PathPreview {
  /** The path parameters the template declares, in order, as they will appear in Params. */
  parameters: string[];
  /** Why the template is not a path the API can hold yet; undefined when it is. */
  problem?: string;
}

/** What a path template typed so far gives: its parameters, and what is wrong with it, if anything. */
export function previewPath(template: string): PathPreview {
  const parameters = [...new Set(pathParameterNames(template))];
  if (template.trim() === '') return { parameters };
  const parsed = ZPathTemplate.safeParse(template);
  return parsed.success ? { parameters } : { parameters, problem: parsed.error.issues[0]?.message };
}
