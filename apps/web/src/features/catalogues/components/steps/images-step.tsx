import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { CATALOGUE_IMAGE_TYPES, formatBytes, shortenFileName } from '@lectern/contract';
import { linkName, type CatalogueFormInput } from '../catalogue-form';
import { useEditor } from '../editor-context';
import { SelectInput } from '../fields';

export const IMAGE_TYPE_LABELS: Record<(typeof CATALOGUE_IMAGE_TYPES)[number], string> = {
  BANNER: 'Banner',
  THUMBNAIL: 'Thumbnail',
  MOBILE_BANNER: 'Mobile banner',
  COURSE_CARD: 'Course card',
};
const TYPE_OPTIONS = CATALOGUE_IMAGE_TYPES.map((value) => ({ value, label: IMAGE_TYPE_LABELS[value] }));

/** The catalogue's images, each with its type; new ones come from the resource picker (cropped there on upload). */
export function ImagesStep() {
  const { readOnly, pick } = useEditor();
  const { control } = useFormContext<CatalogueFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'catalogueTheme.images' });

  function addImage() {
    pick({
      resourceType: 'catalogue-image',
      onSelect: (file) => {
        const used = new Set(fields.map((image) => image.catalogueImageType));
        const type = CATALOGUE_IMAGE_TYPES.find((candidate) => !used.has(candidate)) ?? 'BANNER';
        append({ imageLink: file.url, imageSize: file.size, catalogueImageType: type });
      },
    });
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No images yet. Add a banner, a thumbnail, a mobile banner and a course card image.
        </Typography>
      )}
      {fields.map((image, index) => (
        <Box
          key={image.id}
          component="section"
          aria-label={`Image ${index + 1}`}
          sx={{
            display: 'grid',
            gap: 2,
            alignItems: 'center',
            gridTemplateColumns: { xs: '96px 1fr auto', md: '120px 1fr 220px auto' },
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 1.5,
          }}
        >
          <Box
            component="img"
            src={image.imageLink}
            alt=""
            sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100' }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} title={image.imageLink}>
              {shortenFileName(linkName(image.imageLink))}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatBytes(image.imageSize)}
            </Typography>
          </Box>
          <Box sx={{ gridColumn: { xs: '1 / 3', md: 'auto' }, gridRow: { xs: 2, md: 'auto' } }}>
            <SelectInput
              name={`catalogueTheme.images.${index}.catalogueImageType`}
              label="Image type"
              options={TYPE_OPTIONS}
              readOnly={readOnly}
            />
          </Box>
          {!readOnly && (
            <IconButton aria-label={`Remove image ${index + 1}`} onClick={() => remove(index)}>
              <DeleteOutlineIcon />
            </IconButton>
          )}
        </Box>
      ))}
      {!readOnly && (
        <Box>
          <Button variant="outlined" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={addImage}>
            Add image
          </Button>
        </Box>
      )}
    </Box>
  );
}
