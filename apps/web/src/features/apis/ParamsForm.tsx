import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { apiMessages, type EndpointDetail, messages, ZParameterRows } from '@sandbox/contracts';
import { useMemo } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { useMapParams, useSaveParameters } from './api';

const ZParamsForm = z.object({ rows: ZParameterRows });
type ParamsFormValues = z.input<typeof ZParamsForm>;
const PARAMETER_TYPES = ['path', 'query'] as const;

export interface ParamsFormProps {
  apiMasterId: string;
  endpoint: EndpointDetail;
  readOnly: boolean;
}

/** spec §2 Params: path and query parameters, each optionally mapped to a property of a linked endpoint. */
export function ParamsForm({ apiMasterId, endpoint, readOnly }: ParamsFormProps) {
  const mapParams = useMapParams(apiMasterId, String(endpoint.id));
  const save = useSaveParameters(String(endpoint.id));
  const values = useMemo<ParamsFormValues>(
    () => ({
      rows: endpoint.parameterConfigList.map((p) => ({
        id: p.id,
        keyName: p.keyName,
        parameterType: p.parameterType,
        description: p.description ?? '',
        configParameterId: p.configParameterId ?? null,
      })),
    }),
    [endpoint.parameterConfigList],
  );
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ParamsFormValues, unknown, z.output<typeof ZParamsForm>>({
    resolver: zodResolver(ZParamsForm),
    values,
  });
  const { fields } = useFieldArray({ control, name: 'rows', keyName: 'fieldKey' });
  const mapped = Object.entries(mapParams.data ?? {});

  if (fields.length === 0)
    return <Typography color="text.secondary">This endpoint has no parameters.</Typography>;

  const onSubmit = handleSubmit(({ rows }) =>
    save.mutate(rows, {
      onSuccess: () => toast.success(apiMessages.updated),
      onError: () => toast.error(messages.somethingWrong),
    }),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {fields.map((field, index) => (
        <Box
          key={field.fieldKey}
          role="group"
          aria-label={field.keyName}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
        >
          <TextField
            label="Key"
            size="small"
            {...register(`rows.${index}.keyName`)}
            slotProps={{ htmlInput: { readOnly: true } }}
            error={Boolean(errors.rows?.[index]?.keyName)}
            helperText={errors.rows?.[index]?.keyName?.message}
            sx={{ width: 180 }}
          />
          <Controller
            name={`rows.${index}.parameterType`}
            control={control}
            render={({ field: type, fieldState }) => (
              <TextField
                select
                label="Field Value"
                size="small"
                {...type}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                sx={{ width: 140 }}
              >
                {PARAMETER_TYPES.map((option) => (
                  <MenuItem key={option} value={option}>
                    {option}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label="Description"
            size="small"
            {...register(`rows.${index}.description`)}
            sx={{ flex: 1, minWidth: 200 }}
          />
          <Controller
            name={`rows.${index}.configParameterId`}
            control={control}
            render={({ field: choice }) => (
              <TextField
                select
                label="Mapped Parameter"
                size="small"
                value={choice.value ?? ''}
                onChange={(event) =>
                  choice.onChange(event.target.value === '' ? null : Number(event.target.value))
                }
                sx={{ width: 200 }}
              >
                <MenuItem value="">
                  <em>None</em>
                </MenuItem>
                {mapped.map(([name, id]) => (
                  <MenuItem key={id} value={id}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>
      ))}
      <Box>
        <Button type="submit" variant="contained" disabled={readOnly || save.isPending}>
          Save
        </Button>
      </Box>
    </Stack>
  );
}
