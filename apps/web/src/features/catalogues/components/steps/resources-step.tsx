import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { CATALOGUE_RESOURCE_TYPES, formatBytes, shortenFileName } from '@lectern/contract';
import { linkName, type CatalogueFormInput } from '../catalogue-form';
import { useEditor } from '../editor-context';
import { SelectInput, TextInput } from '../fields';

const TYPE_LABELS: Record<(typeof CATALOGUE_RESOURCE_TYPES)[number], string> = {
  CATALOGUE_SYLLABUS: 'Syllabus',
  STUDY_PLANNER: 'Study planner',
  SAMPLE_PAPER: 'Sample paper',
  OTHER: 'Other',
};
const TYPE_OPTIONS = CATALOGUE_RESOURCE_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));

/** Files students get with the catalogue: the syllabus and other types, chosen from the syllabus folder. */
export function ResourcesStep() {
  const { readOnly, pick } = useEditor();
  const { control } = useFormContext<CatalogueFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'resources' });

  function addResource() {
    pick({
      resourceType: 'catalogue-syllabus',
      title: 'Catalogue syllabus',
      onSelect: (file) =>
        append({
          name: file.name.replace(/\.[^.]+$/, ''),
          type: fields.some((resource) => resource.type === 'CATALOGUE_SYLLABUS') ? 'OTHER' : 'CATALOGUE_SYLLABUS',
          resourceUrl: file.url,
          size: file.size,
        }),
    });
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No resources yet. Add the syllabus, a study planner or sample papers.
        </Typography>
      )}
      {fields.map((resource, index) => (
        <Box
          key={resource.id}
          component="section"
          aria-label={`Resource ${index + 1}`}
          sx={{
            display: 'grid',
            gap: 2,
            alignItems: 'start',
            gridTemplateColumns: { xs: '1fr auto', md: '2fr 1fr auto' },
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 1.5,
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <TextInput name={`resources.${index}.name`} label="Resource name" required readOnly={readOnly} />
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
            >
              <Link href={resource.resourceUrl} target="_blank" rel="noreferrer">
                {shortenFileName(linkName(resource.resourceUrl))}
              </Link>
              {` · ${formatBytes(resource.size)}`}
            </Typography>
          </Box>
          <Box sx={{ gridRow: { xs: 2, md: 'auto' } }}>
            <SelectInput
              name={`resources.${index}.type`}
              label="Resource type"
              options={TYPE_OPTIONS}
              readOnly={readOnly}
            />
          </Box>
          {!readOnly && (
            <IconButton aria-label={`Remove resource ${index + 1}`} onClick={() => remove(index)}>
              <DeleteOutlineIcon />
            </IconButton>
          )}
        </Box>
      ))}
      {!readOnly && (
        <Box>
          <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={addResource}>
            Add resource
          </Button>
        </Box>
      )}
    </Box>
  );
}
