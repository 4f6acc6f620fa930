import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RESOURCE_TYPES, type ResourceTypeKey } from '@lectern/contract';
import { ResourcePicker, type PickedResource } from './resource-picker';

/** The picker in the component gallery: choose a resource type, open it, see what it returns. */
export function PickerGallerySample() {
  const [resourceType, setResourceType] = useState<ResourceTypeKey>('catalogue-image');
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<PickedResource | null>(null);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Resource type"
          value={resourceType}
          onChange={(event) => setResourceType(event.target.value as ResourceTypeKey)}
          sx={{ minWidth: 220 }}
        >
          {RESOURCE_TYPES.map((type) => (
            <MenuItem key={type.key} value={type.key}>
              {type.label}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => setOpen(true)}>
          Open resource picker
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {picked ? `Chosen: ${picked.key} (${picked.url})` : 'Nothing chosen yet.'}
      </Typography>
      <ResourcePicker
        open={open}
        onClose={() => setOpen(false)}
        resourceType={resourceType}
        title={
          resourceType === 'catalogue-image' ? undefined : RESOURCE_TYPES.find((t) => t.key === resourceType)?.label
        }
        onSelect={setPicked}
      />
    </Box>
  );
}
