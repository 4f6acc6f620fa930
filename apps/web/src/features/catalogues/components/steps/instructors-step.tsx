import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { ResourceTypeKey } from '@lectern/contract';
import type { CatalogueFormInput } from '../catalogue-form';
import { useEditor } from '../editor-context';
import { TextInput } from '../fields';

/** The people who teach the course: name, role, a few lines about them, a photo and a resume. */
export function InstructorsStep() {
  const { readOnly, pick } = useEditor();
  const { control, setValue } = useFormContext<CatalogueFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'instructors' });

  function choose(index: number, field: 'photo' | 'resume') {
    const resourceType: ResourceTypeKey = field === 'photo' ? 'instructor-image' : 'instructor-resume';
    pick({
      resourceType,
      title: field === 'photo' ? 'Instructor image' : 'Instructor resume',
      onSelect: (file) =>
        setValue(`instructors.${index}.${field}`, file.url, { shouldDirty: true, shouldValidate: true }),
    });
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No instructors yet.
        </Typography>
      )}
      {fields.map((instructor, index) => (
        <Box
          key={instructor.id}
          component="section"
          aria-label={`Instructor ${index + 1}`}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            gap: 2,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 2,
          }}
        >
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <TextInput
              name={`instructors.${index}.instructorName`}
              label="Instructor name"
              required
              readOnly={readOnly}
              maxLength={120}
            />
            <TextInput name={`instructors.${index}.role`} label="Role" readOnly={readOnly} maxLength={120} />
          </Box>
          <TextInput
            name={`instructors.${index}.description`}
            label="About"
            multiline
            readOnly={readOnly}
            maxLength={2000}
          />
          {(['photo', 'resume'] as const).map((field) => (
            <Box key={field} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextInput
                name={`instructors.${index}.${field}`}
                label={field === 'photo' ? 'Photo link' : 'Resume link'}
                readOnly={readOnly}
                maxLength={2000}
              />
              {!readOnly && (
                <Button variant="outlined" sx={{ mt: 1, flexShrink: 0 }} onClick={() => choose(index, field)}>
                  {field === 'photo' ? 'Choose photo' : 'Choose resume'}
                </Button>
              )}
            </Box>
          ))}
          {!readOnly && (
            <Box>
              <Button color="error" onClick={() => remove(index)} aria-label={`Remove instructor ${index + 1}`}>
                Remove
              </Button>
            </Box>
          )}
        </Box>
      ))}
      {!readOnly && (
        <Box>
          <Button
            variant="outlined"
            startIcon={<PersonAddAlt1Outlined />}
            onClick={() => append({ instructorName: '', role: '', description: '', photo: '', resume: '' })}
          >
            Add instructor
          </Button>
        </Box>
      )}
    </Box>
  );
}
