import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useConfirm } from '../../../../components/confirm-dialog';
import { useEditor } from '../editor-context';
import { TextInput, useFieldError } from '../fields';
import type { StoreListingFormInput } from '../store-listing-form';

function PaperFile({ index }: { index: number }) {
  const { control } = useFormContext<StoreListingFormInput>();
  const url = useWatch({ control, name: `questionPapers.${index}.questionPaperUrl` });
  const error = useFieldError(`questionPapers.${index}.questionPaperUrl`);
  const name = url ? decodeURIComponent(url.split('?')[0]?.split('/').at(-1) ?? url) : '';
  return (
    <Typography variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
      {error ??
        (url ? (
          <Link href={url} target="_blank" rel="noreferrer">
            {name}
          </Link>
        ) : (
          'No file yet'
        ))}
    </Typography>
  );
}

/** Question papers students can download: a name and a file uploaded through the resource picker. */
export function QuestionPapersStep() {
  const { pick } = useEditor();
  const { control, setValue } = useFormContext<StoreListingFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'questionPapers' });
  const { confirm, confirmDialog } = useConfirm();

  function addPaper() {
    pick({
      resourceType: 'question-paper',
      title: 'Question papers',
      onSelect: (file) =>
        append({ questionPaperName: file.name.replace(/\.[a-z0-9]+$/i, ''), questionPaperUrl: file.url }),
    });
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No question papers yet.
        </Typography>
      )}
      {fields.map((paper, index) => (
        <Box
          key={paper.id}
          component="section"
          aria-label={`Question paper ${index + 1}`}
          sx={{
            display: 'grid',
            gap: 1.5,
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr auto', md: '1fr 1fr auto auto' },
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 1.5,
          }}
        >
          <TextInput name={`questionPapers.${index}.questionPaperName`} label="Name" required />
          <Box sx={{ gridRow: { xs: 2, md: 'auto' }, minWidth: 0 }}>
            <PaperFile index={index} />
          </Box>
          <Button
            size="small"
            sx={{ gridRow: { xs: 3, md: 'auto' }, justifySelf: 'start' }}
            onClick={() =>
              pick({
                resourceType: 'question-paper',
                title: 'Question papers',
                onSelect: (file) =>
                  setValue(`questionPapers.${index}.questionPaperUrl`, file.url, {
                    shouldDirty: true,
                    shouldValidate: true,
                  }),
              })
            }
          >
            Replace file
          </Button>
          <IconButton
            aria-label={`Delete question paper ${index + 1}`}
            sx={{ gridRow: { xs: 1, md: 'auto' }, gridColumn: { xs: 2, md: 'auto' } }}
            onClick={() =>
              void confirm({
                title: 'Delete this question paper?',
                message: 'It will be removed from the listing when you save; the file stays in storage.',
                confirmLabel: 'Delete',
                destructive: true,
              }).then((ok) => ok && remove(index))
            }
          >
            <DeleteOutlineIcon />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button variant="outlined" startIcon={<UploadFileOutlinedIcon />} onClick={addPaper}>
          Add question paper
        </Button>
      </Box>
      {confirmDialog}
    </Box>
  );
}
