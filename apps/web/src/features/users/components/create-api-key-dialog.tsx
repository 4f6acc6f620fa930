import { useState, type FocusEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { API_KEY_SCOPES, API_KEY_SCOPE_LABELS, type ApiKeyScope, type CreatedApiKey } from '@lectern/contract';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/query-client';
import { useCreateApiKey } from '../api/api-keys';

const FORM_ID = 'create-api-key-form';
const NAME_MAX = 60;

export interface CreateApiKeyDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Create API key': a name and the scopes (at least one). Once created, the dialog shows the key
 * itself, the only time it is ever shown, with a copy button and a warning to store it now.
 * Remount it (a new `key`) for each opening so nothing of the last key stays.
 */
export function CreateApiKeyDialog({ open, onClose }: CreateApiKeyDialogProps) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [problems, setProblems] = useState<{ name?: string; scopes?: string }>({});
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      name: name.trim() === '' ? 'Enter a name, such as Storefront.' : undefined,
      scopes: scopes.length === 0 ? 'Choose at least one scope.' : undefined,
    };
    setProblems(found);
    if (found.name) {
      document.getElementById('api-key-name')?.focus();
      return;
    }
    if (found.scopes) return;
    create.mutate({ body: { name: name.trim(), scopes } }, { onSuccess: (result) => setCreated(result.data) });
  }

  function toggle(scope: ApiKeyScope, on: boolean) {
    setScopes((previous) => (on ? [...previous, scope] : previous.filter((s) => s !== scope)));
  }

  function copy(secret: string) {
    if (!navigator.clipboard) return setCopied(false);
    navigator.clipboard.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }

  if (created) {
    return (
      <Modal
        open={open}
        onClose={onClose}
        title={`API key '${created.name}' created`}
        actions={
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        }
      >
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>Copy this key now</AlertTitle>
          It will not be shown again: Lectern keeps only a fingerprint of it. If it is lost, revoke it and create a new
          one.
        </Alert>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <TextField
            label="API key"
            value={created.secret}
            fullWidth
            multiline
            size="small"
            // the whole key in sight, wrapped anywhere: it has no spaces
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                onFocus: (event: FocusEvent<HTMLTextAreaElement>) => event.target.select(),
                style: { fontFamily: 'monospace', wordBreak: 'break-all' },
              },
            }}
          />
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={() => copy(created.secret)}
            sx={{ flexShrink: 0, minHeight: 40 }}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </Box>
        <Typography role="status" variant="body2" color={copied === false ? 'error' : 'text.secondary'} sx={{ mt: 1 }}>
          {copied === true && 'Copied to the clipboard.'}
          {copied === false && 'Could not copy: select the key and copy it yourself.'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The service sends it as <code>Authorization: Bearer {created.prefix}…</code> with each call. Scopes:{' '}
          {created.scopes.join(', ')}.
        </Typography>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Create API key"
      actions={
        <>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} variant="contained" loading={create.isPending}>
            Create API key
          </Button>
        </>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        For a service that places or reads orders, such as the storefront or the student app. A key opens no screen of
        the console.
      </Typography>
      <Box
        component="form"
        id={FORM_ID}
        noValidate
        onSubmit={submit}
        aria-label="Create API key"
        sx={{ display: 'grid', gap: 2 }}
      >
        <TextField
          id="api-key-name"
          label="Name"
          required
          autoFocus
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(problems.name)}
          helperText={problems.name ?? 'Who calls with it, e.g. Storefront.'}
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        />
        <FormControl component="fieldset" error={Boolean(problems.scopes)} required>
          <FormLabel component="legend">Scopes</FormLabel>
          <FormGroup>
            {API_KEY_SCOPES.map((scope) => (
              <FormControlLabel
                key={scope}
                control={
                  <Checkbox
                    checked={scopes.includes(scope)}
                    onChange={(event) => toggle(scope, event.target.checked)}
                  />
                }
                label={`${API_KEY_SCOPE_LABELS[scope]} (${scope})`}
              />
            ))}
          </FormGroup>
          {problems.scopes && <FormHelperText>{problems.scopes}</FormHelperText>}
        </FormControl>
        {create.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(create.error)}
          </Alert>
        )}
      </Box>
    </Modal>
  );
}
