import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Stack } from '@mui/material';
import { isJsonText } from '@sandbox/contracts';
import { CodeEditor } from '../../components/codeEditor/CodeEditor';
import type { ResponseBody } from './responseBody';

/** The Body tab: text read-only (HTML and XML as their source, never rendered), or a note on what is not text. */
export function LabResponseBody({ body }: { body: ResponseBody }) {
  if (body.kind === 'text')
    return (
      <CodeEditor
        label="Response body"
        value={body.text}
        language={isJsonText(body.text) ? 'json' : 'text'}
        minLines={10}
        maxHeight={640}
      />
    );
  if (body.kind === 'none') return <Alert severity="info">{body.note}</Alert>;
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Alert
        severity="info"
        sx={{ alignSelf: 'stretch' }}
        action={
          <Button
            component="a"
            color="inherit"
            size="small"
            startIcon={<DownloadIcon />}
            href={body.download.href}
            download={body.download.name}
          >
            Save
          </Button>
        }
      >
        {body.note}
      </Alert>
      {body.preview && (
        <Box
          component="img"
          src={body.preview}
          alt="Preview of the response image"
          sx={{
            maxWidth: '100%',
            maxHeight: 320,
            minWidth: 32,
            minHeight: 32,
            objectFit: 'contain',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            // A checkerboard shows where the image is transparent.
            background: 'repeating-conic-gradient(#eee 0% 25%, #fff 0% 50%) 50% / 16px 16px',
          }}
        />
      )}
    </Stack>
  );
}
