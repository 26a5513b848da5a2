import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { apiMessages, type EndpointDetail, messages, ZHeaderRows } from '@sandbox/contracts';
import { useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { useSaveHeaders } from './api';

const ZHeadersForm = z.object({ rows: ZHeaderRows });
type HeadersFormValues = z.input<typeof ZHeadersForm>;

export interface HeadersFormProps {
  apiMasterId: string;
  endpoint: EndpointDetail;
  readOnly: boolean;
}

/** spec §2 Headers: the request headers the endpoint declares. */
export function HeadersForm({ apiMasterId, endpoint, readOnly }: HeadersFormProps) {
  const save = useSaveHeaders(apiMasterId, String(endpoint.id));
  const values = useMemo<HeadersFormValues>(
    () => ({
      rows: endpoint.headerConfigList.map((h) => ({
        id: h.id,
        headerKey: h.headerKey,
        parameterType: h.parameterType,
        description: h.description ?? '',
      })),
    }),
    [endpoint.headerConfigList],
  );
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<HeadersFormValues, unknown, z.output<typeof ZHeadersForm>>({
    resolver: zodResolver(ZHeadersForm),
    values,
  });
  const { fields } = useFieldArray({ control, name: 'rows', keyName: 'fieldKey' });

  if (fields.length === 0)
    return <Typography color="text.secondary">This endpoint has no headers.</Typography>;

  const onSubmit = handleSubmit(({ rows }) =>
    save.mutate(rows, {
      onSuccess: () => toast.success(apiMessages.updated),
      onError: () => toast.error(messages.somethingWrong),
    }),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {fields.map((field, index) => {
        const rowErrors = errors.rows?.[index];
        return (
          <Box
            key={field.fieldKey}
            role="group"
            aria-label={field.headerKey}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
          >
            <TextField
              label="Key"
              size="small"
              {...register(`rows.${index}.headerKey`)}
              slotProps={{ htmlInput: { readOnly: true } }}
              error={Boolean(rowErrors?.headerKey)}
              helperText={rowErrors?.headerKey?.message}
              sx={{ width: 200 }}
            />
            <TextField
              label="Parameter Type"
              size="small"
              {...register(`rows.${index}.parameterType`)}
              error={Boolean(rowErrors?.parameterType)}
              helperText={rowErrors?.parameterType?.message}
              sx={{ width: 160 }}
            />
            <TextField
              label="Description"
              size="small"
              {...register(`rows.${index}.description`)}
              sx={{ flex: 1, minWidth: 200 }}
            />
          </Box>
        );
      })}
      <Box>
        <Button type="submit" variant="contained" disabled={readOnly || save.isPending}>
          Save
        </Button>
      </Box>
    </Stack>
  );
}
