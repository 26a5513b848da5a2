// The Mapping tab keeps linked endpoints as id lists; the API speaks comma strings (spec §3, §7).
import { type EndpointLinks, HTTP_METHODS, type HttpMethod } from '@sandbox/contracts';

export type LinkForm = Record<HttpMethod, number[]>;

export const LINK_FIELDS: Record<HttpMethod, keyof EndpointLinks> = {
  GET: 'getApiId',
  POST: 'postApiId',
  PUT: 'putApiId',
  PATCH: 'patchApiId',
  DELETE: 'deleteApiId',
};

export function commaToIds(value: string | null | undefined): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}

export function idsToComma(ids: number[]): string {
  return ids.join(',');
}

export function toLinkForm(links: Partial<Record<keyof EndpointLinks, string | null | undefined>>): LinkForm {
  return Object.fromEntries(
    HTTP_METHODS.map((method) => [method, commaToIds(links[LINK_FIELDS[method]])]),
  ) as LinkForm;
}

export function toEndpointLinks(form: LinkForm): EndpointLinks {
  return Object.fromEntries(
    HTTP_METHODS.map((method) => [LINK_FIELDS[method], idsToComma(form[method])]),
  ) as EndpointLinks;
}
