// How a mock answers where the hosted sandbox and Stoplight Prism differ. The hosted sandbox passes
// none and answers its own way; the command-line program, a drop-in for Prism, answers Prism's way.

export interface AnswerStyle {
  /**
   * Prism's answers (prism-http): its problem types and wording, 422 for an invalid request the
   * operation declares no 422 or 400 for, 405 for an undeclared OPTIONS, `sl-violations`, `Deprecation`.
   */
  prism: boolean;
  /** Writes change records later reads answer (the hosted default); Prism's mock forgets every call. */
  stateful: boolean;
  /** Bodies generated from the schema even where there is an example (Prism's `--dynamic`). */
  dynamic: boolean;
  /** Examples left aside: bodies generated from the schema (Prism's `--ignoreExamples`). */
  ignoreExamples: boolean;
  /** An answer that breaks its own schema becomes a 500 listing why (Prism's `--errors`). */
  errors: boolean;
}
