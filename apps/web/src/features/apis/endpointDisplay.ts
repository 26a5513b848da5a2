// How the dashboard shows a deployed API's endpoint within spec §9's 20 characters.

const CUT = '...';

/**
 * The end of a URL, where sandboxes differ (`.../sandbox/<key>` keeps `.../<key>`), cut to `max`
 * characters: every URL of one server starts alike, so its first characters tell nothing apart.
 */
export function distinctiveEnd(url: string, max: number): string {
  if (url.length <= max) return url;
  const path = url.replace(/\/+$/, '');
  const lastSegment = path.slice(path.lastIndexOf('/'));
  const room = max - CUT.length;
  return `${CUT}${lastSegment.length <= room ? lastSegment : lastSegment.slice(-room)}`;
}
