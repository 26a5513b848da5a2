import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { apiMessages, type EndpointDetail, type HeaderConfig, ZDesignHeaderRows } from '@sandbox/contracts';
import { useMemo, useState } from 'react';
import { type Path, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { useSaveHeaders } from './api';
import { designFailureMessage } from './designApi';
import { isRenamable } from './propertyEdits';
import { ConstraintsToggle, RowConstraints } from './RowConstraints';
import { RowTypeFields } from './RowTypeFields';

const ZHeadersForm = z.object({ rows: ZDesignHeaderRows });
type HeadersFormValues = z.input<typeof ZHeadersForm>;
type HeaderRowValues = HeadersFormValues['rows'][number];

export interface HeadersFormProps {
  apiMasterId: string;
  endpoint: EndpointDetail;
  readOnly: boolean;
}

const toRow = ({ isDesigned: _designed, ...h }: HeaderConfig): HeaderRowValues => ({
  ...h,
  description: h.description ?? '',
});

/** spec §2 Headers: the request headers the endpoint declares; a user may add and remove their own. */
export function HeadersForm({ apiMasterId, endpoint, readOnly }: HeadersFormProps) {
  const save = useSaveHeaders(apiMasterId, String(endpoint.id));
  const values = useMemo<HeadersFormValues>(
    () => ({ rows: endpoint.headerConfigList.map(toRow) }),
    [endpoint.headerConfigList],
  );
  const designed = new Set(endpoint.headerConfigList.filter((h) => h.isDesigned).map((h) => h.id));
  const {
    control,
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<HeadersFormValues, unknown, z.output<typeof ZHeadersForm>>({
    resolver: zodResolver(ZHeadersForm),
    values,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'rows', keyName: 'fieldKey' });
  const rows = useWatch({ control, name: 'rows' });
  const [openConstraints, setOpenConstraints] = useState<string | null>(null);
  const patchRow = (index: number, patch: Partial<HeaderRowValues>) => {
    for (const [key, value] of Object.entries(patch))
      setValue(`rows.${index}.${key}` as Path<HeadersFormValues>, value as never, { shouldDirty: true });
  };

  const onSubmit = handleSubmit(({ rows: saved }) =>
    save.mutate(saved, {
      onSuccess: () => toast.success(apiMessages.updated),
      // a header named twice is named by the server
      onError: (error) => toast.error(designFailureMessage(error)),
    }),
  );
  const addRow = () =>
    append({
      headerKey: '',
      parameterType: 'header',
      description: '',
      isRequired: false,
      dataType: 'string',
    });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {fields.length === 0 && <Typography color="text.secondary">This endpoint has no headers.</Typography>}
      {fields.map((field, index) => {
        const rowErrors = errors.rows?.[index];
        const renamable = isRenamable({ id: field.id, isDesigned: designed.has(field.id) });
        const name = field.headerKey || `header ${index + 1}`;
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
                {...register(`rows.${index}.headerKey`)}
                slotProps={{ htmlInput: { readOnly: !renamable || readOnly } }}
                error={Boolean(rowErrors?.headerKey)}
                helperText={rowErrors?.headerKey?.message}
                sx={{ width: 200 }}
              />
              <TextField
                label="Parameter Type"
                size="small"
                {...register(`rows.${index}.parameterType`)}
                disabled={readOnly}
                error={Boolean(rowErrors?.parameterType)}
                helperText={rowErrors?.parameterType?.message}
                sx={{ width: 140 }}
              />
              <RowTypeFields control={control} index={index} readOnly={readOnly} />
              <TextField
                label="Description"
                size="small"
                {...register(`rows.${index}.description`)}
                disabled={readOnly}
                sx={{ flex: 1, minWidth: 200 }}
              />
              <ConstraintsToggle
                open={openConstraints === field.fieldKey}
                onToggle={() =>
                  setOpenConstraints((open) => (open === field.fieldKey ? null : field.fieldKey))
                }
              />
              {renamable && (
                <IconButton aria-label="Remove Header" disabled={readOnly} onClick={() => remove(index)}>
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
          Add Header
        </Button>
      </Stack>
    </Stack>
  );
}
