import { useMemo, useState } from 'react';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useApiKeys, useRevokeApiKey, type ApiKeyRow } from '../api/api-keys';
import { apiKeysTableConfig, shownPrefix } from './api-keys-table';
import { CreateApiKeyDialog } from './create-api-key-dialog';

/**
 * User Management's API keys (SUPER_ADMIN): the keys of service callers (the storefront, the student
 * app), created here and shown once, revoked here after a confirmation.
 */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const { mutateAsync: revoke } = useRevokeApiKey();
  const [creating, setCreating] = useState({ open: false, key: 0 });
  // the key stays while the dialog fades out, so its title does not go blank mid-animation
  const [revoking, setRevoking] = useState<{ key: ApiKeyRow | null; open: boolean }>({ key: null, open: false });

  const config = useMemo(
    () =>
      apiKeysTableConfig({
        create: () => setCreating((previous) => ({ open: true, key: previous.key + 1 })),
        revoke: (key) => setRevoking({ key, open: true }),
      }),
    [],
  );
  const target = revoking.key;

  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: '75ch' }}>
        Services that place or read orders (the storefront, the student app) call Lectern with an API key instead of
        signing in. A key is shown once, when it is created; revoke it when it is lost or no longer used.
      </Typography>
      <DataTable
        config={config}
        rows={keys.data ?? []}
        urlKey="apikeys"
        loading={keys.isPending}
        error={keys.isError ? <QueryErrorAlert query={keys} /> : undefined}
      />
      <CreateApiKeyDialog
        key={creating.key}
        open={creating.open}
        onClose={() => setCreating((previous) => ({ ...previous, open: false }))}
      />
      <ConfirmDialog
        open={revoking.open}
        title={`Revoke API key '${target?.name ?? ''}'?`}
        message={
          target
            ? `Calls made with ${shownPrefix(target)} will be refused from now on. This cannot be undone: the service will need a new key.`
            : undefined
        }
        confirmLabel="Revoke"
        destructive
        onConfirm={() => (target ? revoke(target.keyId) : undefined)}
        onClose={() => setRevoking((previous) => ({ ...previous, open: false }))}
      />
    </>
  );
}
