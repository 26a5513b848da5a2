import { TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path, useWatch } from 'react-hook-form';
import type { DocumentSource } from './documentSource';
import { ImportFileField } from './ImportFileField';
import type { ImportSource } from './importFile';

interface Props<T extends FieldValues & DocumentSource> {
  control: Control<T>;
  /** A file was chosen, and not refused. */
  onFileChosen?: (file: File) => void;
}

/**
 * Where an import's document comes from: "From a file" or "From a URL", and the field of the one
 * chosen. A Postman Collection comes either way.
 */
export function DocumentSourceFields<T extends FieldValues & DocumentSource>({
  control,
  onFileChosen,
}: Props<T>) {
  const source = useWatch({ control, name: 'source' as Path<T> }) as ImportSource;
  return (
    <>
      <Controller
        name={'source' as Path<T>}
        control={control}
        render={({ field }) => (
          <ToggleButtonGroup
            exclusive
            size="small"
            aria-label="Document source"
            value={field.value}
            onChange={(_event, value: ImportSource | null) => value && field.onChange(value)}
          >
            <ToggleButton value="file">From a file</ToggleButton>
            <ToggleButton value="url">From a URL</ToggleButton>
          </ToggleButtonGroup>
        )}
      />
      {source === 'file' ? (
        <Controller
          name={'multipartFile' as Path<T>}
          control={control}
          render={({ field, fieldState }) => (
            <ImportFileField
              file={field.value ?? null}
              onChange={(file) => {
                field.onChange(file);
                if (file) onFileChosen?.(file);
              }}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : (
        <Controller
          name={'url' as Path<T>}
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label="Document URL"
              type="url"
              required
              placeholder="https://example.com/openapi.json"
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error?.message ?? 'OpenAPI, Swagger or Postman Collection, fetched by the server'
              }
            />
          )}
        />
      )}
    </>
  );
}
