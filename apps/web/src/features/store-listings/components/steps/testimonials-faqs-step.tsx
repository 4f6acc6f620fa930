import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { useConfirm } from '../../../../components/confirm-dialog';
import { useEditor } from '../editor-context';
import { RichTextInput, TextInput } from '../fields';
import { SortableItems } from '../sortable-items';
import type { StoreListingFormInput } from '../store-listing-form';

const heading = { fontSize: '1rem', fontWeight: 600 } as const;

function Testimonials() {
  const { pick } = useEditor();
  const { control, setValue } = useFormContext<StoreListingFormInput>();
  const { fields, append, move, remove } = useFieldArray({ control, name: 'testimonials' });
  const values = useWatch({ control, name: 'testimonials' });
  const { confirm, confirmDialog } = useConfirm();
  const name = (index: number) => {
    const t = values[index];
    const who = t ? `${t.firstName} ${t.lastName}`.trim() : '';
    return who ? `Testimonial ${index + 1}: ${who}` : `Testimonial ${index + 1}`;
  };

  async function confirmRemove(index: number) {
    const ok = await confirm({
      title: 'Delete this testimonial?',
      message: `${name(index)} will be removed from the listing when you save.`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (ok) remove(index);
  }

  return (
    <Box
      component="section"
      aria-labelledby="testimonials-heading"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Typography id="testimonials-heading" variant="h3" sx={heading}>
        Testimonials
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No testimonials yet: a student’s words sell a course better than ours.
        </Typography>
      )}
      <SortableItems
        ids={fields.map((field) => field.id)}
        noun="Testimonial"
        itemName={name}
        onMove={move}
        onRemove={(index) => void confirmRemove(index)}
      >
        {(index) => {
          const photo = values[index]?.authorImage ?? '';
          return (
            <>
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1.4fr' } }}>
                <TextInput name={`testimonials.${index}.firstName`} label="First name" required />
                <TextInput name={`testimonials.${index}.lastName`} label="Last name" />
                <TextInput name={`testimonials.${index}.title`} label="Title" placeholder="AIR 312, NEET 2025" />
              </Box>
              <TextInput name={`testimonials.${index}.description`} label="What they say" required multiline />
              <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
                <Box
                  component={photo ? 'img' : 'div'}
                  src={photo || undefined}
                  alt={photo ? `Photo of ${name(index)}` : undefined}
                  sx={{ width: 56, height: 56, borderRadius: '50%', objectFit: 'cover', bgcolor: 'grey.200' }}
                />
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<AddPhotoAlternateOutlinedIcon />}
                  onClick={() =>
                    pick({
                      resourceType: 'testimonial-image',
                      title: 'Testimonial image',
                      onSelect: (file) =>
                        setValue(`testimonials.${index}.authorImage`, file.url, { shouldDirty: true }),
                    })
                  }
                >
                  {photo ? 'Change photo' : 'Choose photo'}
                </Button>
                {photo && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setValue(`testimonials.${index}.authorImage`, '', { shouldDirty: true })}
                  >
                    Remove photo
                  </Button>
                )}
              </Box>
            </>
          );
        }}
      </SortableItems>
      <Box>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => append({ firstName: '', lastName: '', authorImage: '', description: '', title: '' })}
        >
          Add testimonial
        </Button>
      </Box>
      {confirmDialog}
    </Box>
  );
}

function Faqs({ resetKey }: { resetKey: number }) {
  const { control } = useFormContext<StoreListingFormInput>();
  const { fields, append, move, remove } = useFieldArray({ control, name: 'faqs' });
  const values = useWatch({ control, name: 'faqs' });
  const { confirm, confirmDialog } = useConfirm();
  const name = (index: number) => {
    const question = values[index]?.question.trim();
    return question ? `FAQ ${index + 1}: ${question}` : `FAQ ${index + 1}`;
  };

  async function confirmRemove(index: number) {
    const ok = await confirm({
      title: 'Delete this FAQ?',
      message: `${name(index)} will be removed from the listing when you save.`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (ok) remove(index);
  }

  return (
    <Box component="section" aria-labelledby="faqs-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography id="faqs-heading" variant="h3" sx={heading}>
        FAQs
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No FAQs yet.
        </Typography>
      )}
      <SortableItems
        ids={fields.map((field) => field.id)}
        noun="FAQ"
        itemName={name}
        onMove={move}
        onRemove={(index) => void confirmRemove(index)}
      >
        {(index) => (
          <>
            <TextInput name={`faqs.${index}.question`} label="Question" required />
            <RichTextInput
              name={`faqs.${index}.answer`}
              label={`Answer to FAQ ${index + 1}`}
              max={5000}
              resetKey={`${resetKey}-${fields[index]?.id ?? index}`}
              minHeight={80}
            />
          </>
        )}
      </SortableItems>
      <Box>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => append({ question: '', answer: '' })}>
          Add FAQ
        </Button>
      </Box>
      {confirmDialog}
    </Box>
  );
}

/** Testimonials and FAQs: add, edit, reorder (drag or keyboard), delete after asking. */
export function TestimonialsFaqsStep({ resetKey }: { resetKey: number }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Testimonials />
      <Faqs resetKey={resetKey} />
    </Box>
  );
}
