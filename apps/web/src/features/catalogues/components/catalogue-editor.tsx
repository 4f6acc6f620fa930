import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatDuration, formatIndianNumber, type CatalogueDetail } from '@lectern/contract';
import { StepperEditor, usePickerSlot, useStepperEditor } from '../../../components/form';
import { useEditController, type EditController } from '../../../lib/controllers/use-edit-controller';
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
import { EditorContext, type CatalogueEditorSlots } from './editor-context';
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

/** What the stale-version notice calls each part of the form that changed on the server. */
const CHANGE_LABELS = {
  catalogueInfo: 'Details',
  cataloguePublisher: 'Publisher',
  publishingInfo: 'Publishing',
  catalogueTheme: 'Theme and images',
  subjectIds: 'Subjects',
  resources: 'Resources',
  instructors: 'Instructors',
  subscriptions: 'Subscriptions',
  addOns: 'Add-ons',
  previewVideoIds: 'Preview videos',
} as const;

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
 * is wrong in it. Save creates (POST) or updates (PUT at the version loaded; a stale version keeps the
 * edits and offers 'Load latest' or 'Overwrite with mine', as every editor does). Leaving with unsaved
 * changes asks first.
 */
export function CatalogueEditor({ saved: initial, readOnly, resourcePicker, demoVideoBrowser }: CatalogueEditorProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pick, picker } = usePickerSlot(resourcePicker);
  const create = useCreateCatalogue();
  const update = useUpdateCatalogue({ inEditor: true });

  const form = useForm<CatalogueFormInput, unknown, CatalogueFormValues>({
    resolver: zodResolver(CatalogueFormSchema),
    // checked on save and on 'Next step', then again as fields change
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: initial ? valuesOf(initial) : emptyValues(),
  });
  const editor = useStepperEditor({
    form,
    steps: STEPS,
    stepErrors,
    initialStep: () => initialStep(location.state, readOnly),
  });
  const { step } = editor;
  const edit: EditController<CatalogueDetail, CatalogueFormValues> = useEditController({
    item: initial,
    form,
    toValues: valuesOf,
    labels: CHANGE_LABELS,
    guardWhen: true,
    guardMessage: 'Your changes to this catalogue have not been saved and will be lost.',
    fetchLatest: () =>
      edit.base
        ? queryClient.fetchQuery({ ...catalogueQueryOptions(edit.base.catalogueId), staleTime: 0 })
        : Promise.resolve(undefined),
    save: async (values, base) => {
      if (base) {
        const body = readOnly ? financeBody(base, values) : updateBody(base, values);
        const { data } = await update.mutateAsync(body);
        form.reset(valuesOf(data));
        return data;
      }
      const { data } = await create.mutateAsync(createBody(values));
      form.reset(valuesOf(data));
      // the new catalogue's own address, on the same step (its preview videos can be uploaded now)
      edit.guard.allow();
      void navigate(editorLink(data.catalogueId), { replace: true, state: { step } });
      return data;
    },
  });
  const saved = edit.base;
  const mutation = saved ? update : create;

  async function save(values: CatalogueFormValues) {
    // a refusal shows above the form (and in the snackbar); what was typed stays
    await edit.submit(values);
  }

  return (
    <EditorContext.Provider value={{ readOnly, pick }}>
      <StepperEditor
        editor={editor}
        onSave={save}
        header={{
          title: saved ? saved.catalogueInfo.catalogueName : 'Create catalogue',
          extraTitle: saved?.archived ? 'Archived' : undefined,
          back: CATALOGUE_LIST_PATH,
          subtitle: readOnly
            ? 'You can change the subscriptions and the add-on prices; everything else is read-only for you.'
            : saved
              ? `Code ${saved.catalogueInfo.catalogueCode}`
              : 'A course built from published subjects, with its theme, prices and preview videos.',
          figures: saved
            ? [
                { label: 'Subjects', value: formatIndianNumber(saved.subjects.length) },
                { label: 'Duration', value: formatDuration(saved.duration) },
                { label: 'Store', value: saved.storeListed ? 'Listed' : 'Not listed' },
                { label: 'Students', value: formatIndianNumber(saved.recipients) },
              ]
            : undefined,
        }}
        saveLabel={saved ? 'Save changes' : 'Create catalogue'}
        saving={mutation.isPending}
        saveDisabled={saved !== null && !form.formState.isDirty}
        edit={edit}
        saveError={mutation.error}
        overlays={picker}
      >
        {step === 0 && <DetailsStep />}
        {step === 1 && <ThemeStep />}
        {step === 2 && <ImagesStep />}
        {step === 3 && <SubjectsStep current={saved?.subjects ?? []} />}
        {step === 4 && <ResourcesStep />}
        {step === 5 && <InstructorsStep />}
        {step === 6 && <PricesStep />}
        {step === 7 && <PreviewVideosStep saved={saved} demoVideoBrowser={demoVideoBrowser} />}
      </StepperEditor>
    </EditorContext.Provider>
  );
}
