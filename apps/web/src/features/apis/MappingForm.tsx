import { Box, Button, Checkbox, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { apiMessages, type EndpointDetail, HTTP_METHODS } from '@sandbox/contracts';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { AutomaticLinksList } from './AutomaticLinksList';
import { failureMessage, useMappingOptions, useSaveMapping } from './api';
import { type LinkForm, toEndpointLinks, toLinkForm } from './endpointLinks';

// spec §9: the mapping select's menu size. Not in contracts' constants yet.
const MAPPING_MENU_MAX_HEIGHT = 224;
const MAPPING_MENU_WIDTH = 250;

export interface MappingFormProps {
  apiMasterId: string;
  endpoint: EndpointDetail;
  readOnly: boolean;
}

/** spec §2 Mapping: the endpoints, per method, that share this POST endpoint's records. */
export function MappingForm({ apiMasterId, endpoint, readOnly }: MappingFormProps) {
  const options = useMappingOptions(apiMasterId, String(endpoint.id)).data ?? {};
  const save = useSaveMapping(apiMasterId, String(endpoint.id));
  const values = useMemo(() => toLinkForm(endpoint), [endpoint]);
  const {
    control,
    handleSubmit,
    reset,
    formState: { isDirty },
  } = useForm<LinkForm>({ values });

  const onSubmit = handleSubmit((form) =>
    save.mutate(toEndpointLinks(form), {
      onSuccess: () => {
        toast.success(apiMessages.updated);
        reset(form);
      },
      onError: (error) => toast.error(failureMessage(error)),
    }),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      <Typography variant="body2" color="text.secondary">
        Linked endpoints share this endpoint's records in the sandbox.
      </Typography>
      {HTTP_METHODS.map((method) => {
        const choices = options[method] ?? [];
        const pathOf = (id: number) => choices.find((choice) => choice.apiId === id)?.apiEndPoint ?? `#${id}`;
        return (
          <Controller
            key={method}
            name={method}
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={method}
                size="small"
                value={field.value}
                onChange={(event) => field.onChange(event.target.value as unknown as number[])}
                onBlur={field.onBlur}
                disabled={choices.length === 0 && field.value.length === 0}
                sx={{ maxWidth: 480 }}
                slotProps={{
                  select: {
                    multiple: true,
                    renderValue: (selected) => (selected as number[]).map(pathOf).join(', '),
                    MenuProps: {
                      slotProps: {
                        paper: { sx: { maxHeight: MAPPING_MENU_MAX_HEIGHT, width: MAPPING_MENU_WIDTH } },
                      },
                    },
                  },
                }}
              >
                {choices.map((choice) => (
                  <MenuItem key={choice.apiId} value={choice.apiId}>
                    <Checkbox size="small" checked={field.value.includes(choice.apiId)} />
                    <ListItemText primary={choice.apiEndPoint} />
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        );
      })}
      <Box>
        <Button type="submit" variant="contained" disabled={readOnly || !isDirty || save.isPending}>
          Save
        </Button>
      </Box>
      <AutomaticLinksList apiMasterId={apiMasterId} endpointId={endpoint.id} />
    </Stack>
  );
}
