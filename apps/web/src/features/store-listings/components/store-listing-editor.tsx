import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { StoreListing } from '@lectern/contract';
import { StepperEditor, sentence, usePickerSlot, useStepperEditor } from '../../../components/form';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useEditController, type EditController } from '../../../lib/controllers/use-edit-controller';
import { useCategories } from '../../../lib/queries/get-categories';
import { useListableCatalogues } from '../api/get-listable-catalogues';
import { useRecommendableListings } from '../api/get-recommendable-listings';
import { storeListingQueryOptions } from '../api/get-store-listing';
import { useStoreListings } from '../api/get-store-listings';
import { useCreateStoreListing, useUpdateStoreListing } from '../api/store-listing-mutations';
import { STORE_LISTINGS_PATH, storeEditorLink } from '../hooks/use-store-listing-params';
import { fromListing } from './completeness';
import { CompletenessMeter } from './completeness-meter';
import { EditorContext, type StoreListingEditorSlots } from './editor-context';
import { ListingPreview, type PreviewWidth } from './listing-preview';
import {
  STEPS,
  StoreListingFormSchema,
  createBody,
  emptyValues,
  stepErrors,
  updateBody,
  valuesOf,
  type StoreListingFormInput,
  type StoreListingFormValues,
} from './store-listing-form';
import { BasicsStep } from './steps/basics-step';
import { ContentStep } from './steps/content-step';
import { MediaStep } from './steps/media-step';
import { PlansStep } from './steps/plans-step';
import { QuestionPapersStep } from './steps/question-papers-step';
import { RecommendationsStep } from './steps/recommendations-step';
import { SeoStep } from './steps/seo-step';
import { TestimonialsFaqsStep } from './steps/testimonials-faqs-step';

export interface StoreListingEditorProps extends StoreListingEditorSlots {
  /** The listing as saved, or null for a new one. */
  saved: StoreListing | null;
}

/** The meter reads the form as it is typed. */
function LiveMeter() {
  const values = useWatch<StoreListingFormInput>();
  const input = fromListing({
    faqs: values.faqs ?? [],
    testimonials: values.testimonials ?? [],
    examSyllabus: values.examSyllabus ?? '',
    previewVideos: values.previewVideos ?? [],
    recommendationCourses: values.recommendationCourses ?? [],
    dynamicMetadataSEOInfo: {
      title: values.dynamicMetadataSEOInfo?.title ?? '',
      description: values.dynamicMetadataSEOInfo?.description ?? '',
    },
  });
  return <CompletenessMeter input={input} />;
}

/** What the stale-version notice calls each part of the listing that changed on the server. */
const CHANGE_LABELS = {
  storeListingName: 'Listing name',
  storeListingCode: 'Listing code',
  storeListingDescription: 'Description',
  categoryId: 'Category',
  subCategoryId: 'Sub-category',
  publishState: 'Published',
  examSyllabus: 'Exam syllabus',
  examPattern: 'Exam pattern',
  preparationTips: 'Preparation tips',
  storeIconUrl: 'Store icon',
  previewVideos: 'Preview videos',
  testimonials: 'Testimonials',
  faqs: 'FAQs',
  questionPapers: 'Question papers',
  subscriptions: 'Plans',
  dynamicMetadataSEOInfo: 'SEO',
  recommendationCourses: 'Recommendations',
} as const;

function previewParam(value: string | null): PreviewWidth | null {
  return value === 'phone' || value === 'desktop' ? value : null;
}

/**
 * The store-listing editor (spec 2 §2 'Create or edit a store listing'): a stepper of Basics, Content,
 * Media, Testimonials and FAQs, Question papers, Plans, SEO and Recommendations, each naming what is
 * wrong in it; a live completeness meter; 'Preview' shows the saved listing as students see it, at phone
 * or desktop width, keeping what is typed. Save creates (POST) or updates (PUT at the version loaded; a
 * stale version keeps the edits and offers 'Load latest' or 'Overwrite with mine', as every editor does). Leaving with unsaved changes asks first.
 */
export function StoreListingEditor({ saved: initial, resourcePicker, demoVideoBrowser }: StoreListingEditorProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<PreviewWidth | null>(() =>
    initial ? previewParam(params.get('preview')) : null,
  );
  const [lastWidth, setLastWidth] = useState<PreviewWidth>(preview ?? 'desktop');
  const { pick, picker } = usePickerSlot(resourcePicker);

  const create = useCreateStoreListing();
  const update = useUpdateStoreListing();

  const form = useForm<StoreListingFormInput, unknown, StoreListingFormValues>({
    resolver: zodResolver(StoreListingFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: initial ? valuesOf(initial) : emptyValues(),
  });
  const editor = useStepperEditor({ form, steps: STEPS, stepErrors });
  const edit: EditController<StoreListing, StoreListingFormValues> = useEditController({
    item: initial,
    form,
    toValues: valuesOf,
    labels: CHANGE_LABELS,
    guardWhen: true,
    guardMessage: 'Your changes to this store listing have not been saved and will be lost.',
    fetchLatest: () =>
      edit.base
        ? queryClient.fetchQuery({ ...storeListingQueryOptions(edit.base.storeListingId), staleTime: 0 })
        : Promise.resolve(undefined),
    save: async (values, base) => {
      const { data } = await (base
        ? update.mutateAsync(updateBody(base, values))
        : create.mutateAsync(createBody(values)));
      form.reset(valuesOf(data));
      if (!base) {
        edit.guard.allow();
        void navigate(storeEditorLink(data.storeListingId), { replace: true });
      }
      return data;
    },
  });
  const saved = edit.base;
  const mutation = saved ? update : create;
  const catalogues = useListableCatalogues(saved?.storeListingId ?? null);
  const categories = useCategories();
  const recommendable = useRecommendableListings(saved?.storeListingId ?? null);
  // a new listing may recommend any listing
  const allListings = useStoreListings({}, initial === null);
  // the rich-text editors read the form again whenever it holds another version
  const resetKey = saved?.version ?? -1;
  const { step } = editor;
  const catalogueId = useWatch({ control: form.control, name: 'catalogueId' });
  const catalogue = catalogues.data?.find((c) => c.catalogueId === catalogueId);
  const recommendOptions = useMemo(
    () =>
      saved
        ? (recommendable.data ?? [])
        : (allListings.data ?? []).filter((listing) => listing.catalogueId !== catalogueId),
    [saved, recommendable.data, allListings.data, catalogueId],
  );
  const recommendQuery = saved ? recommendable : allListings;

  async function save(values: StoreListingFormValues) {
    // a refusal shows above the form (and in the snackbar); what was typed stays
    await edit.submit(values);
  }

  const showPreview = preview !== null && saved !== null;

  return (
    <EditorContext.Provider value={{ pick }}>
      <StepperEditor
        editor={editor}
        onSave={save}
        header={{
          title: saved ? saved.storeListingName || saved.catalogueName : 'Create store listing',
          extraTitle: saved ? (saved.publishState ? 'Published' : 'Draft') : undefined,
          back: STORE_LISTINGS_PATH,
          subtitle: saved
            ? `Code ${saved.storeListingCode} · catalogue ${saved.catalogueName} · /store/${saved.dynamicMetadataSEOInfo.slug}`
            : 'The public page of a catalogue in the store: what students read before they buy.',
        }}
        headerActions={
          <Button
            variant="outlined"
            startIcon={preview ? <EditOutlinedIcon /> : <VisibilityOutlinedIcon />}
            disabled={!saved}
            title={saved ? undefined : 'Save the listing first: the preview shows what is saved'}
            onClick={() => setPreview((open) => (open ? null : lastWidth))}
          >
            {preview ? 'Back to editing' : 'Preview'}
          </Button>
        }
        saveLabel={saved ? 'Save changes' : 'Create listing'}
        saving={mutation.isPending}
        saveDisabled={saved !== null && !form.formState.isDirty}
        edit={edit}
        saveError={mutation.error}
        before={
          showPreview && (
            <Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  color="primary"
                  value={preview}
                  aria-label="Preview width"
                  onChange={(_event, value: PreviewWidth | null) => {
                    if (value) {
                      setPreview(value);
                      setLastWidth(value);
                    }
                  }}
                >
                  <ToggleButton value="phone" sx={{ px: 2, color: 'text.secondary' }}>
                    Phone
                  </ToggleButton>
                  <ToggleButton value="desktop" sx={{ px: 2, color: 'text.secondary' }}>
                    Desktop
                  </ToggleButton>
                </ToggleButtonGroup>
                <Typography variant="body2" color="text.secondary">
                  {form.formState.isDirty
                    ? 'The saved listing, as students see it; save to see your changes here.'
                    : 'The saved listing, as students see it.'}
                </Typography>
              </Box>
              <Box sx={{ bgcolor: 'grey.100', p: { xs: 0, sm: 2 }, borderRadius: 1 }}>
                <ListingPreview listing={saved} width={preview} />
              </Box>
            </Box>
          )
        }
        // the form stays mounted under the preview: nothing typed is lost
        hideSteps={showPreview}
        aboveSteps={
          <Card variant="outlined" sx={{ mb: 2 }}>
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
              <LiveMeter />
            </CardContent>
          </Card>
        }
        fieldMessage={(_label, message) => sentence(message)}
        overlays={picker}
      >
        {step === 0 && (
          <BasicsStep
            saved={saved}
            catalogues={catalogues.data ?? []}
            cataloguesLoading={catalogues.isPending}
            categories={categories.data ?? []}
            resetKey={resetKey}
          />
        )}
        {step === 0 && catalogues.isError && <QueryErrorAlert query={catalogues} />}
        {step === 1 && <ContentStep resetKey={resetKey} />}
        {step === 2 && <MediaStep catalogue={catalogue} demoVideoBrowser={demoVideoBrowser} />}
        {step === 3 && <TestimonialsFaqsStep resetKey={resetKey} />}
        {step === 4 && <QuestionPapersStep />}
        {step === 5 && <PlansStep catalogue={catalogue} />}
        {step === 6 && <SeoStep catalogue={catalogue} saved={saved} />}
        {step === 7 && (
          <RecommendationsStep
            options={recommendOptions}
            loading={recommendQuery.isPending && recommendQuery.fetchStatus !== 'idle'}
            error={recommendQuery.isError ? <QueryErrorAlert query={recommendQuery} /> : undefined}
          />
        )}
      </StepperEditor>
    </EditorContext.Provider>
  );
}
