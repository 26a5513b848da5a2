import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import RefreshIcon from '@mui/icons-material/Refresh';
import { IconButton, Stack, TableCell, TableRow, Tooltip } from '@mui/material';
import { DATE_FORMAT, type TokenRecord, tokenMessages } from '@sandbox/contracts';
import dayjs from 'dayjs';
import { DataTable } from '../../components/DataTable';
import { maskToken } from './maskToken';

const COLUMNS = ['API Name', 'Token', 'Expiration Date', 'Authenticated', 'Actions'] as const;

export interface TokenTableProps {
  tokens: TokenRecord[];
  readOnly: boolean;
  onCopy: (token: TokenRecord) => void;
  onRegenerate: (token: TokenRecord) => void;
  onDelete: (token: TokenRecord) => void;
}

export function TokenTable({ tokens, readOnly, onCopy, onRegenerate, onDelete }: TokenTableProps) {
  return (
    <DataTable
      label="API keys"
      columns={COLUMNS}
      rows={tokens}
      emptyText={tokenMessages.noRecords}
      renderRow={(token) => (
        <TableRow key={token.id} hover data-token-id={token.id}>
          <TableCell>{token.apiMasterName}</TableCell>
          <TableCell>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <code>{maskToken(token.generatedAccessToken)}</code>
              <IconButton aria-label="Copy token" size="small" onClick={() => onCopy(token)}>
                <ContentCopyIcon fontSize="inherit" />
              </IconButton>
            </Stack>
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {dayjs(token.tokenExpirationDate).format(DATE_FORMAT)}
          </TableCell>
          <TableCell>{token.isAuthRequired ? 'Yes' : 'No'}</TableCell>
          <TableCell>
            <Tooltip title="Regenerate">
              <span>
                <IconButton
                  aria-label="Regenerate token"
                  disabled={readOnly}
                  onClick={() => onRegenerate(token)}
                >
                  <RefreshIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Delete">
              <span>
                <IconButton aria-label="Delete token" disabled={readOnly} onClick={() => onDelete(token)}>
                  <DeleteIcon />
                </IconButton>
              </span>
            </Tooltip>
          </TableCell>
        </TableRow>
      )}
    />
  );
}
