// The CodeMirror 6 view behind CodeEditor. Only loaded through CodeEditor's dynamic import, so the
// editor's code reaches the browser on the screens that show one, not with the main bundle.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  foldKeymap,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { type Diagnostic, linter, lintGutter } from '@codemirror/lint';
import { Annotation, Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { type JsonSyntaxError, jsonSyntaxError } from './jsonSyntaxError';
import type { CodeMirrorEditorProps } from './props';
import { DEFAULT_MAX_HEIGHT_PX, DEFAULT_MIN_LINES, FONT_SIZE_PX, LINE_HEIGHT_EM } from './size';

/** Marks the changes that bring the view to the `value` it was given, so they are not echoed back. */
const fromProps = Annotation.define<boolean>();

function theme(minLines: number, maxHeight: number): Extension {
  return EditorView.theme({
    '&': {
      fontSize: `${FONT_SIZE_PX}px`,
      border: '1px solid rgba(0, 0, 0, 0.23)',
      borderRadius: '8px',
      backgroundColor: '#fff',
      maxHeight: `${maxHeight}px`,
    },
    '&.cm-focused': { outline: '2px solid #4f46e5', outlineOffset: '-1px' },
    '.cm-scroller': {
      overflow: 'auto',
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      lineHeight: LINE_HEIGHT_EM,
    },
    '.cm-content, .cm-gutter': { minHeight: `${minLines * LINE_HEIGHT_EM}em` },
    '.cm-gutters': {
      backgroundColor: '#f8fafc',
      borderRight: '1px solid #e2e8f0',
      borderRadius: '8px 0 0 8px',
    },
  });
}

/** Underlines where the text stops being JSON, and tells the field which message to print. */
function jsonLinter(report: (error: JsonSyntaxError | null) => void): Extension {
  return linter(
    (view): Diagnostic[] => {
      const error = jsonSyntaxError(view.state.doc.toString());
      report(error);
      if (!error) return [];
      const to = Math.min(error.from + 1, view.state.doc.length);
      return [{ from: Math.min(error.from, to), to, severity: 'error', message: error.message }];
    },
    { delay: 300 },
  );
}

function ariaAttributes(props: CodeMirrorEditorProps, invalid: boolean): Extension {
  return EditorView.contentAttributes.of({
    'aria-labelledby': props.labelId,
    ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
    ...(props.onChange ? {} : { 'aria-readonly': 'true' }),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
  });
}

export default function CodeMirrorEditor(props: CodeMirrorEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const aria = useRef(new Compartment());
  const { language = 'json', minLines = DEFAULT_MIN_LINES, maxHeight = DEFAULT_MAX_HEIGHT_PX } = props;
  const editable = Boolean(props.onChange);

  // One view per mount; what may change later (value, aria) is dispatched to it below.
  useEffect(() => {
    if (!host.current) return;
    const reportError = (error: JsonSyntaxError | null) => {
      latest.current.onSyntaxError(error);
      view.current?.dispatch({ effects: aria.current.reconfigure(ariaAttributes(latest.current, !!error)) });
    };
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: latest.current.value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          foldGutter(),
          history(),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          highlightActiveLine(),
          EditorView.lineWrapping,
          // Tab is left to the browser: it moves the focus on, as in any other field.
          keymap.of([...defaultKeymap, ...historyKeymap, ...foldKeymap]),
          theme(minLines, maxHeight),
          aria.current.of(ariaAttributes(latest.current, false)),
          ...(language === 'json' ? [json()] : []),
          ...(language === 'json' && editable ? [jsonLinter(reportError), lintGutter()] : []),
          ...(editable ? [] : [EditorState.readOnly.of(true)]),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || update.transactions.some((t) => t.annotation(fromProps))) return;
            latest.current.onChange?.(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({ blur: () => latest.current.onBlur?.() }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, [language, minLines, maxHeight, editable]);

  // A value set from outside (a template, a reformat on blur, a new answer) replaces the text.
  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === props.value) return;
    current.dispatch({
      changes: { from: 0, to: current.state.doc.length, insert: props.value },
      annotations: fromProps.of(true),
    });
  }, [props.value]);

  return <div ref={host} />;
}
