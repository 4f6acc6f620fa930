import { useState, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { Branch, Program } from '@lectern/contract';
import { errorMessage } from '../../../lib/query-client';
import { useCreateBranch, useCreateProgram } from '../api/batch-mutations';

/** Enter in an inline field runs its own action instead of submitting the drawer's form. */
const onEnter = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    action();
  }
};

/** 'Add branch' under the branch picker: a name and a city, created at once and chosen. */
export function AddBranch({ onCreated }: { onCreated: (branch: Branch) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [city, setCity] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateBranch();

  async function submit() {
    if (!name.trim() || !city.trim()) {
      setProblem('Give the branch a name and a city.');
      return;
    }
    try {
      const { data } = await create.mutateAsync({ branchName: name.trim(), city: city.trim() });
      onCreated(data);
      setOpen(false);
      setName('');
      setCity('');
      setProblem(null);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  if (!open) {
    return (
      <Button size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)} sx={{ mt: 0.5 }}>
        Add branch
      </Button>
    );
  }
  return (
    <InlinePanel label="New branch" problem={problem}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          size="small"
          label="Branch name"
          autoFocus
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={onEnter(() => void submit())}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <TextField
          size="small"
          label="City"
          value={city}
          onChange={(event) => setCity(event.target.value)}
          onKeyDown={onEnter(() => void submit())}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
        <Button size="small" variant="contained" loading={create.isPending} onClick={() => void submit()}>
          Create branch
        </Button>
        <Button size="small" color="inherit" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Box>
    </InlinePanel>
  );
}

/** 'Add program' under the program picker: a name, created at once and chosen. */
export function AddProgram({ onCreated }: { onCreated: (program: Program) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateProgram();

  async function submit() {
    if (!name.trim()) {
      setProblem('Give the program a name.');
      return;
    }
    try {
      const { data } = await create.mutateAsync({ programName: name.trim() });
      onCreated(data);
      setOpen(false);
      setName('');
      setProblem(null);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  if (!open) {
    return (
      <Button size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)} sx={{ mt: 0.5 }}>
        Add program
      </Button>
    );
  }
  return (
    <InlinePanel label="New program" problem={problem}>
      <TextField
        size="small"
        label="Program name"
        fullWidth
        autoFocus
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={onEnter(() => void submit())}
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
        <Button size="small" variant="contained" loading={create.isPending} onClick={() => void submit()}>
          Create program
        </Button>
        <Button size="small" color="inherit" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Box>
    </InlinePanel>
  );
}

function InlinePanel({ label, problem, children }: { label: string; problem: string | null; children: ReactNode }) {
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ mt: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'action.hover' }}
    >
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {children}
      {problem && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      )}
    </Box>
  );
}
