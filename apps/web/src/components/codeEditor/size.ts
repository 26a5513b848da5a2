// The editor's measures, shared by the editor and the placeholder shown while its code loads.

export const FONT_SIZE_PX = 13;
export const LINE_HEIGHT_EM = 1.5;
export const DEFAULT_MIN_LINES = 8;
export const DEFAULT_MAX_HEIGHT_PX = 480;
/** The border, 1 px above and below: the content's padding sits within its lines' minimum height. */
const FRAME_PX = 2;

/**
 * How tall the editor stands with `value` in it, wrapping aside: its lines, at least `minLines`, up
 * to `maxHeight`. The placeholder takes this height, so that nothing below the editor moves when
 * its code arrives (a click aimed at a button below would land elsewhere).
 */
export function editorHeightPx(value: string, minLines: number, maxHeight: number): number {
  const lines = Math.max(minLines, value.split('\n').length);
  return Math.min(maxHeight, lines * LINE_HEIGHT_EM * FONT_SIZE_PX + FRAME_PX);
}
