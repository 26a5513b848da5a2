import { Backdrop, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { ROLE_VIEWER, type TokenRecord, tokenMessages } from '@sandbox/contracts';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CountCard } from '../../components/CountCard';
import { getSessionRoleId } from '../../lib/session';
import { TOKEN_COPIED, useDeleteToken, useGenerateToken, useRegenerateToken, useTokens } from './api';
import { GenerateTokenForm } from './GenerateTokenForm';
import { TokenTable } from './TokenTable';

type Confirming = { action: 'regenerate' | 'delete'; token: TokenRecord } | null;

// spec §2 Token Manager.
export function TokenManagerPage() {
  const tokens = useTokens();
  const generate = useGenerateToken();
  const regenerate = useRegenerateToken();
  const remove = useDeleteToken();
  const [confirming, setConfirming] = useState<Confirming>(null);
  // spec §6: a Viewer neither generates, regenerates nor deletes tokens.
  const readOnly = getSessionRoleId() === String(ROLE_VIEWER);
  const list = tokens.data ?? [];
  const busy = tokens.isFetching || generate.isPending || regenerate.isPending || remove.isPending;

  const failed = () => toast.error(tokenMessages.failed);
  const onGenerate = (apiMasterId: number) =>
    generate.mutate(apiMasterId, {
      onSuccess: () => toast.success(tokenMessages.generated),
      onError: failed,
    });

  const onConfirm = () => {
    if (!confirming) return;
    const { action, token } = confirming;
    setConfirming(null);
    if (action === 'regenerate') {
      regenerate.mutate(token.id, {
        onSuccess: () => toast.success(tokenMessages.generated),
        onError: failed,
      });
    } else {
      remove.mutate(token.id, { onSuccess: () => toast.success(tokenMessages.deleted), onError: failed });
    }
  };

  const copy = async (token: TokenRecord) => {
    try {
      await navigator.clipboard.writeText(token.generatedAccessToken);
      toast.success(TOKEN_COPIED);
    } catch {
      failed();
    }
  };

  return (
    <Box sx={{ position: 'relative' }}>
      <Stack spacing={3}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
        >
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            Token Manager
          </Typography>
          <GenerateTokenForm disabled={readOnly} onGenerate={onGenerate} />
        </Stack>
        {/* spec §2: both cards count the tokens listed. */}
        <Stack direction="row" spacing={2}>
          <CountCard label="Total API Keys" count={list.length} />
          <CountCard label="Active Keys" count={list.length} />
        </Stack>
        <TokenTable
          tokens={list}
          readOnly={readOnly}
          onCopy={copy}
          onRegenerate={(token) => setConfirming({ action: 'regenerate', token })}
          onDelete={(token) => setConfirming({ action: 'delete', token })}
        />
      </Stack>
      <Backdrop open={busy} sx={{ position: 'absolute', zIndex: 1, bgcolor: 'rgba(255, 255, 255, 0.6)' }}>
        <CircularProgress aria-label="Loading tokens" />
      </Backdrop>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.action === 'delete' ? 'Delete token' : 'Regenerate token'}
        subtitle={
          confirming?.action === 'delete'
            ? `The token of ${confirming.token.apiMasterName} stops working at once.`
            : `The token of ${confirming?.token.apiMasterName} is replaced; the old one stops working at once.`
        }
        submitText={confirming?.action === 'delete' ? 'Delete' : 'Regenerate'}
        onCancel={() => setConfirming(null)}
        onSubmit={onConfirm}
      />
    </Box>
  );
}
