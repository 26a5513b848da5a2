import type { ImportWarning } from '@sandbox/contracts';

/** The answer lists this many at most: a document with one flaw a thousand times needs no thousand lines. */
export const MAX_IMPORT_WARNINGS = 50;

/** What the import could not honour, once per place in the document (DESIGN §10). */
export class ImportWarnings {
  private readonly byPointer = new Map<string, string>();
  // what is kept and honoured but not shown or listed: after what is left out or not enforced
  private readonly minorByPointer = new Map<string, string>();

  add(pointer: string, message: string): void {
    if (!this.byPointer.has(pointer)) this.byPointer.set(pointer, message);
  }

  /** A warning listed after every other: a large document can have hundreds, and the list is cut. */
  addMinor(pointer: string, message: string): void {
    if (!this.minorByPointer.has(pointer)) this.minorByPointer.set(pointer, message);
  }

  list(): ImportWarning[] {
    const all = [...this.byPointer, ...this.minorByPointer].map(([pointer, message]) => ({
      pointer,
      message,
    }));
    if (all.length <= MAX_IMPORT_WARNINGS) return all;
    const listed = all.slice(0, MAX_IMPORT_WARNINGS - 1);
    return [
      ...listed,
      { pointer: '#', message: `${all.length - listed.length} more warnings are not listed` },
    ];
  }
}
