import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  apiMessages,
  type EndpointDetail,
  type ParameterConfig,
  ZDesignParameterRows,
} from '@sandbox/contracts';
import { useMemo, useState } from 'react';
import { Controller, type Path, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { useMapParams, useSaveParameters } from './api';
import { designFailureMessage } from './designApi';
import { isRenamable } from './propertyEdits';
import { ConstraintsToggle, RowConstraints } from './RowConstraints';
import { RowTypeFields } from './RowTypeFields';

const ZParamsForm = z.object({ rows: ZDesignParameterRows });
type ParamsFormValues = z.input<typeof ZParamsForm>;
type ParamRowValues = ParamsFormValues['rows'][number];
const PARAMETER_TYPES = ['path', 'query', 'cookie'] as const;

export interface ParamsFormProps {
  apiMasterId: string;
  endpoint: EndpointDetail;
  readOnly: boolean;
}

const toRow = ({ isDesigned: _designed, ...p }: ParameterConfig): ParamRowValues => ({
  ...p,
  description: p.description ?? '',
  configParameterId: p.configParameterId ?? null,
});

/**
 * spec §2 Params: path, query and cookie parameters, each optionally mapped to a property of a linked
 * endpoint. Path parameters follow the endpoint's path; query and cookie parameters may be added and
 * removed.
 */
export function ParamsForm({ apiMasterId, endpoint, readOnly }: ParamsFormProps) {
  const mapParams = useMapParams(apiMasterId, String(endpoint.id));
  const save = useSaveParameters(String(endpoint.id));
  const values = useMemo<ParamsFormValues>(
    () => ({ rows: endpoint.parameterConfigList.map(toRow) }),
    [endpoint.parameterConfigList],
  );
  const designed = new Set(endpoint.parameterConfigList.filter((p) => p.isDesigned).map((p) => p.id));
  const {
    control,
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<ParamsFormValues, unknown, z.output<typeof ZParamsForm>>({
    resolver: zodResolver(ZParamsForm),
    values,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'rows', keyName: 'fieldKey' });
  const rows = useWatch({ control, name: 'rows' });
  const [openConstraints, setOpenConstraints] = useState<string | null>(null);
  const patchRow = (index: number, patch: Partial<ParamRowValues>) => {
    for (const [key, value] of Object.entries(patch))
      setValue(`rows.${index}.${key}` as Path<ParamsFormValues>, value as never, { shouldDirty: true });
  };
  const mapped = Object.entries(mapParams.data ?? {});

  const onSubmit = handleSubmit(({ rows }) =>
    save.mutate(rows, {
      onSuccess: () => toast.success(apiMessages.updated),
      // a duplicate name or a path parameter the path lacks is named by the server
      onError: (error) => toast.error(designFailureMessage(error)),
    }),
  );
  const addRow = () =>
    append({ keyName: '', parameterType: 'query', description: '', isRequired: false, dataType: 'string' });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {fields.length === 0 && (
        <Typography color="text.secondary">This endpoint has no parameters.</Typography>
      )}
      {fields.map((field, index) => {
        const renamable = isRenamable({ id: field.id, isDesigned: designed.has(field.id) });
        // path parameters come and go with the path itself
        const removable = renamable && field.parameterType !== 'path';
        const name = field.keyName || `parameter ${index + 1}`;
        return (
          <Box key={field.fieldKey}>
            <Box
              role="group"
              aria-label={name}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
            >
              <TextField
                label="Key"
                size="small"
                {...register(`rows.${index}.keyName`)}
                slotProps={{ htmlInput: { readOnly: !renamable || readOnly } }}
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
                    disabled={readOnly}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                    sx={{ width: 120 }}
                  >
                    {PARAMETER_TYPES.map((option) => (
                      <MenuItem key={option} value={option}>
                        {option}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <RowTypeFields control={control} index={index} readOnly={readOnly} />
              <TextField
                label="Description"
                size="small"
                {...register(`rows.${index}.description`)}
                disabled={readOnly}
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
                    disabled={readOnly}
                    onChange={(event) =>
                      choice.onChange(event.target.value === '' ? null : Number(event.target.value))
                    }
                    sx={{ width: 200 }}
                  >
                    <MenuItem value="">
                      <em>None</em>
                    </MenuItem>
                    {mapped.map(([mappedName, id]) => (
                      <MenuItem key={id} value={id}>
                        {mappedName}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <ConstraintsToggle
                open={openConstraints === field.fieldKey}
                onToggle={() =>
                  setOpenConstraints((open) => (open === field.fieldKey ? null : field.fieldKey))
                }
              />
              {removable && (
                <IconButton aria-label="Remove Parameter" disabled={readOnly} onClick={() => remove(index)}>
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
            <RowConstraints
              open={openConstraints === field.fieldKey}
              name={name}
              value={rows?.[index] ?? field}
              readOnly={readOnly}
              onChange={(patch) => patchRow(index, patch)}
            />
          </Box>
        );
      })}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={readOnly || save.isPending}>
          Save
        </Button>
        <Button startIcon={<AddIcon />} disabled={readOnly} onClick={addRow}>
          Add Parameter
        </Button>
      </Stack>
    </Stack>
  );
}
