import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, Tooltip } from '@mui/material';
import { apiMessages, messages } from '@sandbox/contracts';
import { toast } from 'react-toastify';

export interface CopyUrlButtonProps {
  url: string;
  disabled?: boolean;
  label?: string;
}

export function CopyUrlButton({ url, disabled = false, label = 'Copy endpoint URL' }: CopyUrlButtonProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(apiMessages.urlCopied);
    } catch {
      toast.error(messages.somethingWrong);
    }
  };
  const button = (
    <IconButton aria-label={label} size="small" onClick={copy} disabled={disabled}>
      <ContentCopyIcon fontSize="inherit" />
    </IconButton>
  );
  // A disabled button fires no events, so the tooltip needs a wrapper to show.
  return disabled ? (
    button
  ) : (
    <Tooltip title={url} describeChild>
      {button}
    </Tooltip>
  );
}
