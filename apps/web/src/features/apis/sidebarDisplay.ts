// How the API sidebar and the tables shorten what they show (spec §2, §9).
import type { EndpointSummary } from '@sandbox/contracts';

/** Cuts text to `max` characters, marking the cut with an ellipsis. */
export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Endpoints grouped by tag, tags and endpoints in the order the API lists them. */
export function groupByTag(endpoints: EndpointSummary[]): [string, EndpointSummary[]][] {
  const groups = new Map<string, EndpointSummary[]>();
  for (const endpoint of endpoints) {
    const group = groups.get(endpoint.apiTag);
    if (group) group.push(endpoint);
    else groups.set(endpoint.apiTag, [endpoint]);
  }
  return [...groups];
}
