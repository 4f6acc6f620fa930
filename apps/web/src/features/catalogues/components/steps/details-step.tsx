import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useFormContext } from 'react-hook-form';
import type { CatalogueFormInput } from '../catalogue-form';
import { useEditor } from '../editor-context';
import { SwitchInput, TextInput } from '../fields';

/** Name, code, description, the publisher (name and logo link) and how the store shows it. */
export function DetailsStep() {
  const { readOnly, pick } = useEditor();
  const { setValue } = useFormContext<CatalogueFormInput>();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <TextInput
          name="catalogueInfo.catalogueName"
          label="Catalogue name"
          required
          readOnly={readOnly}
          maxLength={200}
        />
        <TextInput
          name="catalogueInfo.catalogueCode"
          label="Catalogue code"
          required
          readOnly={readOnly}
          maxLength={40}
          helperText="Letters, digits and hyphens; unique among catalogues."
        />
      </Box>
      <TextInput name="catalogueInfo.description" label="Description" multiline readOnly={readOnly} maxLength={4000} />
      <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600, mt: 1 }}>
        Publisher
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
        <TextInput name="cataloguePublisher.publisherName" label="Publisher name" readOnly={readOnly} maxLength={200} />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextInput
            name="cataloguePublisher.publisherLogoLink"
            label="Publisher logo link"
            readOnly={readOnly}
            maxLength={2000}
          />
          {!readOnly && (
            <Button
              variant="outlined"
              sx={{ mt: 1, flexShrink: 0 }}
              onClick={() =>
                pick({
                  resourceType: 'catalogue-image',
                  title: 'Publisher logo',
                  onSelect: (file) =>
                    setValue('cataloguePublisher.publisherLogoLink', file.url, {
                      shouldDirty: true,
                      shouldValidate: true,
                    }),
                })
              }
            >
              Choose logo
            </Button>
          )}
        </Box>
      </Box>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600, mt: 1 }}>
        Publishing
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
        <SwitchInput name="publishingInfo.publishState" label="Published" readOnly={readOnly} />
        <SwitchInput name="publishingInfo.featured" label="Featured" readOnly={readOnly} />
        <SwitchInput name="publishingInfo.featuredOnLeadPage" label="Featured on lead page" readOnly={readOnly} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextInput name="publishingInfo.packageCode" label="Package code" readOnly={readOnly} maxLength={60} />
        <TextInput
          name="publishingInfo.packageGroupCode"
          label="Package group code"
          readOnly={readOnly}
          maxLength={60}
        />
      </Box>
    </Box>
  );
}
