import { useState } from 'react';
import { FormProvider, useForm, type FieldErrors, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { formatDuration, formatIndianNumber, type CatalogueDetail } from '@lectern/contract';
import { EditorStepNav } from '../../../components/form-stepper';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/query-client';
import { useLeaveGuard } from '../../../hooks/use-leave-guard';
import { catalogueQueryOptions } from '../api/get-catalogue';
import { useCreateCatalogue, useUpdateCatalogue } from '../api/catalogue-mutations';
import { CATALOGUE_LIST_PATH, editorLink } from '../hooks/use-catalogue-params';
import {
  CatalogueFormSchema,
  STEPS,
  createBody,
  emptyValues,
  financeBody,
  stepErrors,
  updateBody,
  valuesOf,
  type CatalogueFormInput,
  type CatalogueFormValues,
} from './catalogue-form';
import { EditorContext, type CatalogueEditorSlots, type PickRequest } from './editor-context';
import { DetailsStep } from './steps/details-step';
import { ImagesStep } from './steps/images-step';
import { InstructorsStep } from './steps/instructors-step';
import { PreviewVideosStep } from './steps/preview-videos-step';
import { PricesStep } from './steps/prices-step';
import { ResourcesStep } from './steps/resources-step';
import { SubjectsStep } from './steps/subjects-step';
import { ThemeStep } from './steps/theme-step';

export interface CatalogueEditorProps extends CatalogueEditorSlots {
  /** The catalogue as saved, or null for a new one. */
  saved: CatalogueDetail | null;
  /** FINANCE: everything but subscriptions and add-on prices is read-only, and only those are sent. */
  readOnly: boolean;
}

const PRICES_STEP = STEPS.findIndex((step) => step.label === 'Subscriptions and add-ons');

function initialStep(state: unknown, readOnly: boolean): number {
  const step = typeof state === 'object' && state !== null && 'step' in state ? Number(state.step) : NaN;
  if (Number.isInteger(step) && step >= 0 && step < STEPS.length) return step;
  // FINANCE comes for the prices
  return readOnly ? PRICES_STEP : 0;
}

/**
 * The catalogue editor (spec 2 §2 'Create or edit a catalogue'): a stepper of Details, Theme, Images,
 * Subjects, Resources, Instructors, Subscriptions and add-ons, and Preview videos, each step naming what
 * is wrong in it. Save creates (POST) or updates (PUT at the version loaded; a stale version shows the
 * server's message). Leaving with unsaved changes asks first.
 */
export function CatalogueEditor({ saved: initial, readOnly, resourcePicker, demoVideoBrowser }: CatalogueEditorProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(initial);
  const [step, setStep] = useState(() => initialStep(location.state, readOnly));
  const [picker, setPicker] = useState<{ open: boolean; request: PickRequest | null }>({ open: false, request: null });
  const [reloading, setReloading] = useState(false);
  // on a phone the eight steps stand one under another: they fold away behind 'All steps'
  const create = useCreateCatalogue();
  const update = useUpdateCatalogue();
  const mutation = saved ? update : create;

  const form = useForm<CatalogueFormInput, unknown, CatalogueFormValues>({
    resolver: zodResolver(CatalogueFormSchema),
    // checked on save and on 'Next step', then again as fields change
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: initial ? valuesOf(initial) : emptyValues(),
  });
  const { formState, handleSubmit, reset, trigger } = form;
  const guard = useLeaveGuard(
    formState.isDirty && !formState.isSubmitting,
    'Your changes to this catalogue have not been saved and will be lost.',
  );
  const errorTexts = stepErrors(formState.errors);

  async function save(values: CatalogueFormValues) {
    try {
      if (!saved) {
        const result = await create.mutateAsync(createBody(values));
        reset(valuesOf(result.data));
        setSaved(result.data);
        // the new catalogue's own address, on the same step (its preview videos can be uploaded now)
        guard.allow();
        void navigate(editorLink(result.data.catalogueId), { replace: true, state: { step } });
        return;
      }
      const body = readOnly ? financeBody(saved, values) : updateBody(saved, values);
      const result = await update.mutateAsync(body);
      reset(valuesOf(result.data));
      setSaved(result.data);
    } catch {
      // the snackbar and the alert above the form say why; what was typed stays
    }
  }

  function invalid(errors: FieldErrors<CatalogueFormInput>) {
    const first = stepErrors(errors).findIndex((text) => text !== undefined);
    if (first >= 0) setStep(first);
  }

  async function next() {
    const valid = await trigger([...STEPS[step]!.fields] as Path<CatalogueFormInput>[]);
    if (valid) setStep((current) => Math.min(current + 1, STEPS.length - 1));
  }

  async function loadLatest() {
    if (!saved) return;
    setReloading(true);
    try {
      const latest = await queryClient.fetchQuery({ ...catalogueQueryOptions(saved.catalogueId), staleTime: 0 });
      reset(valuesOf(latest));
      setSaved(latest);
      update.reset();
    } catch {
      // the alert keeps offering it
    } finally {
      setReloading(false);
    }
  }

  const serverError = mutation.error;
  const stale = isApiError(serverError) && serverError.status === 409 && saved !== null;
  const title = saved ? saved.catalogueInfo.catalogueName : 'Create catalogue';
  const pick = (request: PickRequest) => setPicker({ open: true, request });
  const current = STEPS[step]!;

  const saveButton = (
    <Button
      type="submit"
      variant="contained"
      startIcon={<SaveOutlinedIcon />}
      loading={mutation.isPending}
      disabled={saved !== null && !formState.isDirty}
    >
      {saved ? 'Save changes' : 'Create catalogue'}
    </Button>
  );

  return (
    <EditorContext.Provider value={{ readOnly, pick }}>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(event) => void handleSubmit(save, invalid)(event)}>
          <PageHeader
            title={title}
            extraTitle={saved?.archived ? 'Archived' : undefined}
            back={CATALOGUE_LIST_PATH}
            subtitle={
              readOnly
                ? 'You can change the subscriptions and the add-on prices; everything else is read-only for you.'
                : saved
                  ? `Code ${saved.catalogueInfo.catalogueCode}`
                  : 'A course built from published subjects, with its theme, prices and preview videos.'
            }
            figures={
              saved
                ? [
                    { label: 'Subjects', value: formatIndianNumber(saved.subjects.length) },
                    { label: 'Duration', value: formatDuration(saved.duration) },
                    { label: 'Store', value: saved.storeListed ? 'Listed' : 'Not listed' },
                    { label: 'Students', value: formatIndianNumber(saved.recipients) },
                  ]
                : undefined
            }
            actions={saveButton}
          />
          {serverError && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              action={
                stale ? (
                  <Button color="inherit" size="small" loading={reloading} onClick={() => void loadLatest()}>
                    Load latest
                  </Button>
                ) : undefined
              }
            >
              {errorMessage(serverError)}
              {stale && ' Loading the latest version discards your changes.'}
            </Alert>
          )}
          {errorTexts.some(Boolean) && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Some steps need attention: their problems are named under the steps.
            </Alert>
          )}
          <EditorStepNav
            steps={STEPS.map((entry, index) => ({ label: entry.label, error: errorTexts[index] }))}
            activeStep={step}
            onStepClick={setStep}
          />
          <Card>
            <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
                {current.label}
              </Typography>
              {step === 0 && <DetailsStep />}
              {step === 1 && <ThemeStep />}
              {step === 2 && <ImagesStep />}
              {step === 3 && <SubjectsStep current={saved?.subjects ?? []} />}
              {step === 4 && <ResourcesStep />}
              {step === 5 && <InstructorsStep />}
              {step === 6 && <PricesStep />}
              {step === 7 && <PreviewVideosStep saved={saved} demoVideoBrowser={demoVideoBrowser} />}
            </CardContent>
          </Card>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', mt: 2 }}>
            <Button
              startIcon={<ArrowBackIcon />}
              disabled={step === 0}
              onClick={() => setStep((currentStep) => Math.max(currentStep - 1, 0))}
            >
              Previous step
            </Button>
            <Box sx={{ display: 'flex', gap: 1 }}>
              {step < STEPS.length - 1 && (
                <Button variant="outlined" endIcon={<ArrowForwardIcon />} onClick={() => void next()}>
                  Next step
                </Button>
              )}
              {saveButton}
            </Box>
          </Box>
        </Box>
        {picker.request &&
          resourcePicker({
            open: picker.open,
            onClose: () => setPicker((previous) => ({ ...previous, open: false })),
            resourceType: picker.request.resourceType,
            title: picker.request.title,
            onSelect: picker.request.onSelect,
          })}
        {guard.dialog}
      </FormProvider>
    </EditorContext.Provider>
  );
}
