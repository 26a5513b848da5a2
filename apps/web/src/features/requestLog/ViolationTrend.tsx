import { useTheme } from '@mui/material';
import {
  VIOLATION_BUCKET_MS,
  type ViolationBucket,
  type ViolationBucketSize,
  type ViolationTally,
} from '@sandbox/contracts';
import dayjs from 'dayjs';

// One operation's forwarded calls over a window, a bar per hour or day: response violations at the
// bottom, request violations above them, a thin mark for calls that broke nothing. Each bar says
// what it stands for (its title on hover, its name to a screen reader).

const WIDTH = 160;
const HEIGHT = 24;
const CALLS_ONLY_HEIGHT = 2;

export interface ViolationTrendProps {
  /** Oldest first, only those with calls (as the server answers them). */
  buckets: ViolationBucket[];
  from: string;
  to: string;
  bucket: ViolationBucketSize;
  /** The most violations of one bucket among the operations shown: every row's bars share a scale. */
  most: number;
}

const counted = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** What a bar stands for: `Nov 28, 14:00–15:00: 2 calls, 0 request violations, 1 response violation`. */
export function bucketLabel(start: string, bucket: ViolationBucketSize, tally: ViolationTally): string {
  const when =
    bucket === 'hour'
      ? `${dayjs(start).format('MMM D, HH:mm')}–${dayjs(start).add(1, 'hour').format('HH:mm')}`
      : // days are UTC days: named as such, not as the viewer's local date
        `${new Date(start).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' })} (UTC)`;
  return `${when}: ${counted(tally.calls, 'call')}, ${counted(tally.request, 'request violation')}, ${counted(
    tally.response,
    'response violation',
  )}`;
}

export function ViolationTrend({ buckets, from, to, bucket, most }: ViolationTrendProps) {
  const { palette } = useTheme();
  const size = VIOLATION_BUCKET_MS[bucket];
  const first = Math.floor(Date.parse(from) / size);
  const slots = Math.max(1, Math.floor((Date.parse(to) - 1) / size) - first + 1);
  const slotWidth = WIDTH / slots;
  const barWidth = Math.max(1, slotWidth * 0.7);
  const scale = (n: number) => (most > 0 ? (n / most) * HEIGHT : 0);
  return (
    <svg
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      // the bars are the images: the chart itself is only where they stand (its row and column name it)
      role="presentation"
    >
      <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke={palette.divider} />
      {buckets.map((b) => {
        const x = (Math.floor(Date.parse(b.start) / size) - first) * slotWidth;
        const response = scale(b.response);
        const request = scale(b.request);
        const label = bucketLabel(b.start, bucket, b);
        return (
          // a bar is an image of its own, named for what it counts (an SVG group would take no name)
          <svg key={b.start} x={x} y={0} width={slotWidth} height={HEIGHT} role="img" aria-label={label}>
            <title>{label}</title>
            {/* the whole slot answers the pointer, however low its bar */}
            <rect x={0} y={0} width={slotWidth} height={HEIGHT} fill="transparent" />
            {b.request + b.response === 0 ? (
              <rect
                x={0}
                y={HEIGHT - CALLS_ONLY_HEIGHT}
                width={barWidth}
                height={CALLS_ONLY_HEIGHT}
                fill={palette.text.disabled}
              />
            ) : (
              <>
                <rect
                  x={0}
                  y={HEIGHT - response}
                  width={barWidth}
                  height={response}
                  fill={palette.error.main}
                />
                <rect
                  x={0}
                  y={HEIGHT - response - request}
                  width={barWidth}
                  height={request}
                  fill={palette.warning.main}
                />
              </>
            )}
          </svg>
        );
      })}
    </svg>
  );
}
