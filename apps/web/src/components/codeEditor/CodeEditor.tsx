import { Box, FormHelperText, Skeleton, Typography } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import { describeJsonError, type JsonSyntaxError } from './jsonSyntaxError';
import type { CodeEditorProps } from './props';
import { DEFAULT_MAX_HEIGHT_PX, DEFAULT_MIN_LINES, editorHeightPx } from './size';

// CodeMirror is fetched the first time a screen shows an editor (its own chunk), never with the
// main bundle: most screens have no editor.
const CodeMirrorEditor = lazy(() => import('./CodeMirrorEditor'));

/** A code editor for JSON (or any text): highlighting, folding, bracket matching, an inline syntax error. */
export function CodeEditor(props: CodeEditorProps) {
  const id = useId();
  const [syntaxError, setSyntaxError] = useState<JsonSyntaxError | null>(null);
  const { label, helperText, minLines = DEFAULT_MIN_LINES, maxHeight = DEFAULT_MAX_HEIGHT_PX } = props;
  const labelId = `${id}-label`;
  const helperId = `${id}-helper`;
  const error = props.onChange && syntaxError ? syntaxError : null;

  return (
    <Box>
      <Typography
        id={labelId}
        component="div"
        variant="caption"
        color={error ? 'error' : 'text.secondary'}
        sx={{ mb: 0.5, fontWeight: 500 }}
      >
        {label}
      </Typography>
      <Suspense
        fallback={
          <Skeleton
            variant="rounded"
            aria-label={`Loading the ${label} editor`}
            height={editorHeightPx(props.value, minLines, maxHeight)}
          />
        }
      >
        <CodeMirrorEditor
          {...props}
          labelId={labelId}
          describedBy={helperId}
          onSyntaxError={setSyntaxError}
        />
      </Suspense>
      {error ? (
        <FormHelperText id={helperId} error>
          {describeJsonError(error)}
        </FormHelperText>
      ) : (
        helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>
      )}
    </Box>
  );
}
