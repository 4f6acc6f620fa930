import { Fragment, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { SEO_LIMITS, type ListableCatalogue, type StoreListing } from '@lectern/contract';
import { useEditor } from '../editor-context';
import { TextInput } from '../fields';
import { courseJsonLd, jsonLdWarnings, structuredDataFacts, type CourseSource } from '../json-ld';
import { htmlText } from '../completeness';
import { slugify, splitList, type StoreListingFormInput } from '../store-listing-form';

/** The name search engines show for the provider. */
export const PROVIDER_NAME = 'Lectern';

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The editor's fields as the JSON-LD's source; the plans' prices are the catalogue's. */
function useCourseSource(catalogue: ListableCatalogue | undefined, saved: StoreListing | null): CourseSource {
  const { control } = useFormContext<StoreListingFormInput>();
  const values = useWatch({ control });
  return useMemo(() => {
    const seo = values.dynamicMetadataSEOInfo ?? {};
    const name = values.sameNameAsCatalogue
      ? (catalogue?.catalogueName ?? saved?.catalogueName ?? '')
      : (values.storeListingName ?? '');
    const hours = values.sameAsCatalogueHours
      ? (catalogue?.catalogueHours ?? saved?.storeListingHours ?? null)
      : Number(values.storeListingHours) || null;
    const plans = catalogue?.subscriptions ?? saved?.subscriptions.map((s) => s.subscription) ?? [];
    const offers = (values.subscriptions ?? []).flatMap((chosen) => {
      const plan = plans.find((p) => p.subscriptionId === chosen?.subscriptionId);
      return plan ? [{ name: plan.subscriptionLabel, price: plan.price, available: true }] : [];
    });
    return {
      name,
      code: values.storeListingCode ?? '',
      descriptionHtml: values.storeListingDescription ?? '',
      seoTitle: seo.title ?? '',
      seoDescription: seo.description ?? '',
      keywords: splitList(seo.keywords ?? ''),
      slug: seo.slug?.trim() || slugify(name) || 'your-listing',
      image: seo.ogImage?.trim() || values.storeIconUrl?.trim() || null,
      hours,
      targetYear: Number(values.studentTargetYear) || null,
      offers,
    };
  }, [values, catalogue, saved]);
}

/** SEO: title, description, keywords, slug and Open Graph image, with a live search result and the Course JSON-LD beside it. */
export function SeoStep({
  catalogue,
  saved,
}: {
  catalogue: ListableCatalogue | undefined;
  saved: StoreListing | null;
}) {
  const { pick } = useEditor();
  const { setValue } = useFormContext<StoreListingFormInput>();
  const source = useCourseSource(catalogue, saved);
  const origin = window.location.origin;
  const json = courseJsonLd(source, { origin, providerName: PROVIDER_NAME });
  const warnings = jsonLdWarnings(source);
  const title = source.seoTitle.trim() || source.name || 'Your listing';
  const description =
    source.seoDescription.trim() ||
    htmlText(source.descriptionHtml) ||
    'Add a description students will see in search results.';

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextInput
          name="dynamicMetadataSEOInfo.title"
          label="SEO title"
          counter={SEO_LIMITS.title}
          helperText="Blank: the listing's name."
        />
        <TextInput
          name="dynamicMetadataSEOInfo.description"
          label="SEO description"
          multiline
          counter={SEO_LIMITS.description}
        />
        <TextInput
          name="dynamicMetadataSEOInfo.keywords"
          label="Keywords"
          helperText={`Separate keywords with commas; at most ${SEO_LIMITS.keywords}.`}
        />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextInput
            name="dynamicMetadataSEOInfo.slug"
            label="Slug"
            helperText="The listing's address: /store/your-slug. Blank: made from the name."
          />
          <Button
            sx={{ mt: 1, flexShrink: 0 }}
            onClick={() =>
              setValue('dynamicMetadataSEOInfo.slug', slugify(source.name), { shouldDirty: true, shouldValidate: true })
            }
          >
            From name
          </Button>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextInput
            name="dynamicMetadataSEOInfo.ogImage"
            label="Open Graph image"
            helperText="Blank: the store icon."
          />
          <Button
            sx={{ mt: 1, flexShrink: 0 }}
            onClick={() =>
              pick({
                resourceType: 'catalogue-image',
                title: 'Open Graph image',
                onSelect: (file) =>
                  setValue('dynamicMetadataSEOInfo.ogImage', file.url, { shouldDirty: true, shouldValidate: true }),
              })
            }
          >
            Choose
          </Button>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        <Box component="section" aria-labelledby="search-preview-heading">
          <Typography id="search-preview-heading" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
            Search result preview
          </Typography>
          <Paper variant="outlined" sx={{ p: 2 }} data-testid="search-preview">
            <Typography variant="caption" sx={{ color: '#1f2937', overflowWrap: 'anywhere' }}>
              {`${origin.replace(/^https?:\/\//, '')} › store › ${source.slug}`}
            </Typography>
            <Typography sx={{ color: '#1a0dab', fontSize: '1.125rem', lineHeight: 1.3, overflowWrap: 'anywhere' }}>
              {shorten(title, 60)}
            </Typography>
            <Typography variant="body2" sx={{ color: '#4d5156', overflowWrap: 'anywhere' }}>
              {shorten(description, SEO_LIMITS.description)}
            </Typography>
          </Paper>
        </Box>
        <Box component="section" aria-labelledby="json-ld-heading">
          <Typography id="json-ld-heading" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
            Structured data (for search engines)
          </Typography>
          {warnings.map((warning) => (
            <Alert key={warning} severity="warning" sx={{ mb: 1 }}>
              {warning}
            </Alert>
          ))}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Search engines read this listing as a course:
            </Typography>
            <Box
              component="dl"
              data-testid="structured-data-summary"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'max-content minmax(0, 1fr)',
                columnGap: 2,
                rowGap: 0.5,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, overflowWrap: 'anywhere' },
              }}
            >
              {structuredDataFacts(json).map(([term, value]) => (
                <Fragment key={term}>
                  <Typography component="dt" variant="body2">
                    {term}
                  </Typography>
                  <Typography component="dd" variant="body2">
                    {value}
                  </Typography>
                </Fragment>
              ))}
            </Box>
          </Paper>
          <Accordion disableGutters variant="outlined" sx={{ mt: 1 }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography variant="body2">The code search engines read (JSON-LD)</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Box
                component="pre"
                tabIndex={0}
                aria-label="Course JSON-LD"
                data-testid="json-ld"
                sx={{
                  m: 0,
                  p: 1.5,
                  maxHeight: 360,
                  overflow: 'auto',
                  bgcolor: 'grey.100',
                  borderRadius: 1,
                  fontSize: '0.75rem',
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                }}
              >
                {JSON.stringify(json, null, 2)}
              </Box>
            </AccordionDetails>
          </Accordion>
        </Box>
      </Box>
    </Box>
  );
}
