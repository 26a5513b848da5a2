import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ViolationTrend, type ViolationTrendProps } from './ViolationTrend';

/**
 * The trend as a user meets it (the web tests run in Node, without a DOM: its markup is read): the
 * each bar's name, title, and where its rectangles stand and how tall they are.
 */
function render(props: ViolationTrendProps) {
  const markup = renderToStaticMarkup(<ViolationTrend {...props} />);
  const bars = [
    ...markup.matchAll(
      /<svg x="([\d.]+)" y="0" width="[\d.]+" height="\d+" role="img" aria-label="([^"]*)"><title>([^<]*)<\/title>(.*?)<\/svg>/g,
    ),
  ].map(([, x, name, title, inner]) => ({
    x: Number(x),
    name,
    title,
    // the first rectangle is the slot's, which answers the pointer
    rects: [...(inner ?? '').matchAll(/<rect x="0" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"/g)]
      .slice(1)
      .map(([, y, height]) => ({ y: Number(y), height: Number(height) })),
  }));
  return { bars };
}

const days: ViolationTrendProps = {
  from: '2026-04-02T00:00:00.000Z',
  to: '2026-04-09T00:00:00.000Z',
  bucket: 'day',
  most: 4,
  buckets: [
    { start: '2026-04-03T00:00:00.000Z', calls: 5, request: 1, response: 3 },
    { start: '2026-04-08T00:00:00.000Z', calls: 2, request: 0, response: 0 },
  ],
};

describe('the trend of an operation’s violations', () => {
  it('draws a bar per bucket with calls, named for its day and what it counts', () => {
    const { bars } = render(days);
    expect(bars.map((b) => b.name)).toEqual([
      'Apr 3 (UTC): 5 calls, 1 request violation, 3 response violations',
      'Apr 8 (UTC): 2 calls, 0 request violations, 0 response violations',
    ]);
    expect(bars.map((b) => b.title)).toEqual(bars.map((b) => b.name));
  });

  it('places each bar in its day of the window, as tall as its violations, calls without any a thin mark', () => {
    const [broken, kept] = render(days).bars;
    // 7 days over 160 pixels: the second day and the seventh
    expect(broken?.x).toBe(160 / 7);
    expect(kept?.x).toBe((6 * 160) / 7);
    // the most violations of a bucket fill the height: 3 responses of 4 below, 1 request above
    expect(broken?.rects.map((r) => r.height)).toEqual([18, 6]);
    expect(broken?.rects[1]?.y).toBe(0);
    expect(kept?.rects.map((r) => r.height)).toEqual([2]);
  });

  it('names an hour’s bar by its hour, in the viewer’s time', () => {
    const [bar] = render({
      ...days,
      from: '2026-04-08T00:00:00.000Z',
      to: '2026-04-09T00:00:00.000Z',
      bucket: 'hour',
      buckets: [{ start: '2026-04-08T14:00:00.000Z', calls: 3, request: 0, response: 1 }],
    }).bars;
    expect(bar?.name).toMatch(
      /^Apr \d+, \d\d:\d\d–\d\d:\d\d: 3 calls, 0 request violations, 1 response violation$/,
    );
    const hour = new Date('2026-04-08T14:00:00.000Z');
    const local = `${String(hour.getHours()).padStart(2, '0')}:${String(hour.getMinutes()).padStart(2, '0')}`;
    expect(bar?.name).toContain(`, ${local}–`);
  });
});
