import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { DATE_FORMAT, type TokenRecord, tokenMessages } from '@sandbox/contracts';
import dayjs from 'dayjs';
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
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="API keys">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 600 }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {tokens.length === 0 ? (
            <TableRow>
              <TableCell
                colSpan={COLUMNS.length}
                sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}
              >
                {tokenMessages.noRecords}
              </TableCell>
            </TableRow>
          ) : (
            tokens.map((token) => (
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
                      <IconButton
                        aria-label="Delete token"
                        disabled={readOnly}
                        onClick={() => onDelete(token)}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
