import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  FormControlLabel,
  FormHelperText,
  Stack,
  Typography,
} from '@mui/material';
import { type TestDataTarget, testDataMessages, UPLOAD_FORM_RESET_MS } from '@sandbox/contracts';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { AppDialog } from '../../components/AppDialog';
import { isHttpError } from '../../lib/http';
import { downloadTemplate, isCsvFile, useGenerateTestData, useTestRows, useUploadTestData } from './api';
import { TestRowsEditor } from './TestRowsEditor';

export interface TestDataDialogProps {
  open: boolean;
  onClose: () => void;
  endpointId: number;
  /** Whose rows these are: a GET endpoint's test data is its response's, whichever tab is open. */
  target: TestDataTarget;
}

const failure = (error: unknown) =>
  isHttpError(error) && error.detail ? error.detail : testDataMessages.failed;

/** A refusal says why (the endpoint has no fields to fill); only a failure of the server is generic. */
const downloadFailure = (error: unknown) =>
  isHttpError(error) && error.status < 500 ? (error.detail ?? error.message) : testDataMessages.failed;

export function TestDataDialog({ open, onClose, endpointId, target }: TestDataDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [append, setAppend] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const rows = useTestRows(target, endpointId);
  const upload = useUploadTestData(target, endpointId);
  const generate = useGenerateTestData(target, endpointId);

  const clearFile = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };

  const choose = (chosen: File | undefined) => {
    setFileError(null);
    if (!chosen) return clearFile();
    if (!isCsvFile(chosen)) {
      toast.error(testDataMessages.invalidFormat);
      return clearFile();
    }
    setFile(chosen);
  };

  const submit = () => {
    if (!file) return setFileError(testDataMessages.fileRequired);
    upload.mutate(
      { file, append },
      {
        onSuccess: () => {
          toast.success(testDataMessages.uploaded);
          onClose();
        },
        onError: (error) => toast.error(failure(error)),
      },
    );
    setTimeout(() => {
      clearFile();
      setAppend(false);
    }, UPLOAD_FORM_RESET_MS);
  };

  const download = () =>
    downloadTemplate(target, endpointId).then(
      () => toast.success(testDataMessages.downloaded),
      (error) => toast.error(downloadFailure(error)),
    );

  const runGenerator = () =>
    generate.mutate(undefined, {
      onSuccess: () => toast.success(testDataMessages.generated),
      // The team's AI budget is spent: say how long to wait rather than "try again".
      onError: (error) =>
        toast.error(isHttpError(error, 429) ? error.message : testDataMessages.generateFailed),
    });

  const label = target === 'request' ? 'request' : 'response';
  return (
    <AppDialog open={open} onClose={onClose} title="Test Data" maxWidth="sm">
      <Stack spacing={2} sx={{ pt: 1 }}>
        {rows.isError ? (
          <Alert severity="info">{rows.error.message}</Alert>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {rows.data
              ? `${rows.data.rows.length} ${label} rows stored. Columns: ${rows.data.columns.join(', ')}`
              : 'Loading...'}
          </Typography>
        )}
        {rows.data && <TestRowsEditor target={target} endpointId={endpointId} rows={rows.data.rows} />}
        {/* without a schema with fields there is no template to fill */}
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download} disabled={!rows.isSuccess}>
          Download CSV Template
        </Button>
        <Divider />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
            Choose CSV File
            <input
              ref={input}
              hidden
              type="file"
              accept=".csv"
              aria-label="CSV file"
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </Button>
          <Typography variant="body2">{file?.name ?? 'No file chosen'}</Typography>
        </Stack>
        {fileError && <FormHelperText error>{fileError}</FormHelperText>}
        <FormControlLabel
          control={<Checkbox checked={append} onChange={(event) => setAppend(event.target.checked)} />}
          label="Append to the stored rows"
        />
        <Button variant="contained" onClick={submit} disabled={upload.isPending}>
          Upload
        </Button>
        <Divider />
        <Button variant="outlined" onClick={runGenerator} disabled={generate.isPending}>
          {generate.isPending ? 'Generating...' : 'Generate Data'}
        </Button>
      </Stack>
    </AppDialog>
  );
}
