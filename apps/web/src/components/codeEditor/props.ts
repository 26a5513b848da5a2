import type { ReactNode } from 'react';
import type { JsonSyntaxError } from './jsonSyntaxError';

export interface CodeEditorProps {
  /** The visible label, and the editor's accessible name. */
  label: string;
  value: string;
  /** Without it the editor is read-only: its text can be selected, folded and copied, not changed. */
  onChange?: (value: string) => void;
  onBlur?: () => void;
  /** `json` highlights, folds and, when editable, underlines a syntax error; `text` shows it as sent. */
  language?: 'json' | 'text';
  minLines?: number;
  maxHeight?: number;
  helperText?: ReactNode;
}

/** What the editor chunk is handed: the field's props and the ids its label and messages carry. */
export interface CodeMirrorEditorProps extends CodeEditorProps {
  labelId: string;
  describedBy?: string;
  onSyntaxError: (error: JsonSyntaxError | null) => void;
}
