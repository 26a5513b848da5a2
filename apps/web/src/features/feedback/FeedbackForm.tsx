import { zodResolver } from '@hookform/resolvers/zod';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import {
  attachmentProblem,
  FEEDBACK_MAX_FILES,
  FEEDBACK_QUERY_MAX_LENGTH,
  FEEDBACK_REDIRECT_MS,
  FEEDBACK_TEXTAREA_HEIGHT_PX,
  messages,
  ZFeedbackQuery,
} from '@sandbox/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { type FeedbackSubmission, feedbackFailureMessage, useSubmitFeedback } from './api';

// The form checks the same limits as the server, so most refusals never leave the browser.
const ZFeedbackForm = z.object({
  query: ZFeedbackQuery,
  attachments: z.array(z.instanceof(File)).superRefine((files, ctx) => {
    const problem = attachmentProblem(files);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

const ACCEPT_HINT = `Up to ${FEEDBACK_MAX_FILES} files, 5 MB each, 20 MB in all; no programs or scripts.`;

// spec §2 Help → Submit Feedback; spec §4: success goes to /dashboard after 100 ms.
export function FeedbackForm({ onSubmitted }: { onSubmitted: () => void }) {
  const navigate = useNavigate();
  const submit = useSubmitFeedback();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<FeedbackSubmission>({
    resolver: zodResolver(ZFeedbackForm),
    defaultValues: { query: '', attachments: [] },
  });

  const onSubmit = handleSubmit((values) =>
    submit.mutate(values, {
      onSuccess: () => {
        toast.success(messages.feedbackSent);
        onSubmitted();
        setTimeout(() => navigate('/dashboard'), FEEDBACK_REDIRECT_MS);
      },
      onError: () => toast.error(feedbackFailureMessage()),
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Submit Feedback">
      <Stack spacing={2}>
        <TextField
          label="Query"
          multiline
          fullWidth
          {...register('query')}
          error={Boolean(errors.query)}
          helperText={errors.query?.message}
          slotProps={{
            htmlInput: { maxLength: FEEDBACK_QUERY_MAX_LENGTH },
            input: {
              sx: { height: FEEDBACK_TEXTAREA_HEIGHT_PX, alignItems: 'flex-start', overflow: 'auto' },
            },
          }}
        />
        <Controller
          name="attachments"
          control={control}
          render={({ field, fieldState }) => (
            <Box>
              <Button component="label" variant="outlined" startIcon={<AttachFileIcon />}>
                Attach files
                <input
                  hidden
                  type="file"
                  multiple
                  aria-label="Attachments"
                  data-testid="feedback-attachments"
                  onChange={(event) => {
                    field.onChange(Array.from(event.target.files ?? []));
                    event.target.value = '';
                  }}
                />
              </Button>
              <Typography
                variant="body2"
                color={fieldState.error ? 'error' : 'text.secondary'}
                sx={{ mt: 1 }}
              >
                {fieldState.error?.message ??
                  (field.value.length ? field.value.map((f) => f.name).join(', ') : ACCEPT_HINT)}
              </Typography>
            </Box>
          )}
        />
        <Button type="submit" variant="contained" disabled={!isDirty || submit.isPending}>
          Submit
        </Button>
      </Stack>
    </Box>
  );
}
