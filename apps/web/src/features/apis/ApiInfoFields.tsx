import { Checkbox, FormControlLabel, TextField } from '@mui/material';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, ZApiMasterSave, ZApiVersion } from '@sandbox/contracts';
import { useState } from 'react';
import { type Control, Controller, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import { z } from 'zod';
import { capitaliseFirst, maskVersion, versionCutNote } from './inputMasks';

/** What every form that creates or changes an API asks (spec §5 New API), whatever else it asks. */
export const ZApiInfoForm = z.object({
  apiName: ZApiMasterSave.shape.apiMasterName,
  apiDescription: ZApiMasterSave.shape.apiDescription,
  apiVersion: ZApiVersion,
  isAuthRequired: z.boolean(),
});
export type ApiInfoValues = z.infer<typeof ZApiInfoForm>;

interface Props<T extends FieldValues & ApiInfoValues> {
  control: Control<T>;
  errors: FieldErrors<ApiInfoValues>;
}

/** Name, Description and Version, masked as they are typed; a version cut to fit says so. */
export function ApiInfoFields<T extends FieldValues & ApiInfoValues>({ control, errors }: Props<T>) {
  const [versionNote, setVersionNote] = useState<string>();
  return (
    <>
      <Controller
        name={'apiName' as Path<T>}
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            label="Name"
            required
            autoFocus
            onChange={(event) => field.onChange(capitaliseFirst(event.target.value))}
            error={Boolean(errors.apiName)}
            helperText={errors.apiName?.message}
            slotProps={{ htmlInput: { maxLength: MAX_NAME_LENGTH } }}
          />
        )}
      />
      <Controller
        name={'apiDescription' as Path<T>}
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            label="Description"
            required
            onChange={(event) => field.onChange(capitaliseFirst(event.target.value))}
            error={Boolean(errors.apiDescription)}
            helperText={errors.apiDescription?.message}
            slotProps={{ htmlInput: { maxLength: MAX_DESCRIPTION_LENGTH } }}
          />
        )}
      />
      <Controller
        name={'apiVersion' as Path<T>}
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            label="Version"
            required
            placeholder="1.0"
            onChange={(event) => {
              const kept = maskVersion(event.target.value);
              setVersionNote(versionCutNote(event.target.value, kept));
              field.onChange(kept);
            }}
            error={Boolean(errors.apiVersion)}
            helperText={errors.apiVersion?.message ?? versionNote}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        )}
      />
    </>
  );
}

/** The Is Auth Required checkbox. */
export function AuthRequiredField<T extends FieldValues & ApiInfoValues>({
  control,
}: Pick<Props<T>, 'control'>) {
  return (
    <Controller
      name={'isAuthRequired' as Path<T>}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          label="Is Auth Required"
          control={<Checkbox checked={field.value} onChange={(_event, checked) => field.onChange(checked)} />}
        />
      )}
    />
  );
}
