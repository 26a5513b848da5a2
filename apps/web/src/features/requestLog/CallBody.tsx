import { Alert, Typography } from '@mui/material';
import { CodeEditor } from '../../components/codeEditor/CodeEditor';
import { prettyBody } from './callDisplay';

/** A body of the call, JSON indented, read-only; a note when it was cut to fit the log. */
export function CallBody({
  label,
  body,
  truncated,
}: {
  label: string;
  body: string | null;
  truncated: boolean;
}) {
  if (body === null || body === '')
    return (
      <Typography variant="body2" color="text.secondary">
        No body.
      </Typography>
    );
  const { text, json } = prettyBody(body);
  return (
    <>
      {truncated && <Alert severity="info">Only the start of this body was kept.</Alert>}
      <CodeEditor label={label} value={text} language={json ? 'json' : 'text'} minLines={3} maxHeight={360} />
    </>
  );
}
