import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider, type FieldErrors, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { isStaleVersion, type EditController, type Versioned } from '../../lib/controllers/use-edit-controller';
import { EditorStepNav } from '../form-stepper';
import { PageHeader, type PageHeaderProps } from '../page-header';
import { FieldMessageContext, type FieldMessage } from './fields';
import { SaveProblem } from './stale-version-alert';
import { fieldMessage as defaultFieldMessage, type EditorStep } from './step-errors';

export interface StepperEditorOptions<TInput extends FieldValues, TValues> {
  form: UseFormReturn<TInput, unknown, TValues>;
  /** the steps in order, each with the fields it holds (validated by 'Next step') */
  steps: readonly EditorStep[];
  /** the error text of each step, from the form's errors */
  stepErrors: (errors: FieldErrors<TInput>) => (string | undefined)[];
  initialStep?: number | (() => number);
}

export type StepperEditorState<TInput extends FieldValues, TValues> = ReturnType<
  typeof useStepperEditor<TInput, TValues>
>;

/**
 * The state of a long form edited step by step: the current step, each step's error text, 'Next step'
 * (which checks the step's fields first) and the jump to the first step in error when a save is refused.
 * Loading, saving at a version and the leave guard are the edit controller's (useEditController).
 */
export function useStepperEditor<TInput extends FieldValues, TValues>({
  form,
  steps,
  stepErrors,
  initialStep = 0,
}: StepperEditorOptions<TInput, TValues>) {
  const [step, setStep] = useState(initialStep);
  const { formState, trigger } = form;
  return {
    form,
    steps,
    step,
    setStep,
    errorTexts: stepErrors(formState.errors),
    invalid(errors: FieldErrors<TInput>) {
      const first = stepErrors(errors).findIndex((text) => text !== undefined);
      if (first >= 0) setStep(first);
    },
    async next() {
      const valid = await trigger([...steps[step]!.fields] as Path<TInput>[]);
      if (valid) setStep((current) => Math.min(current + 1, steps.length - 1));
    },
  };
}

/** What the editor shows of a save: the edit controller, and the error of the save that failed. */
export interface SaveErrorProps {
  edit: Pick<EditController<Versioned, never>, 'stale' | 'loadLatest' | 'overwrite'>;
  /** the failed save's error (a stale version shows the controller's notice instead) */
  error: unknown;
  saving: boolean;
}

/**
 * Above the form, brought into sight wherever Save was pressed: the one stale-version notice (edits
 * kept, what changed, 'Load latest' / 'Overwrite with mine'), or the failed save's message.
 */
export function SaveErrorAlert({ edit, error, saving }: SaveErrorProps) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = edit.stale ?? (error && !isStaleVersion(error) ? error : null);
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [shown]);
  if (!shown) return null;
  return (
    <Box ref={ref} data-testid="save-error">
      <SaveProblem edit={edit} error={error} busy={saving} />
    </Box>
  );
}

export interface StepperEditorProps<TInput extends FieldValues, TValues> {
  editor: StepperEditorState<TInput, TValues>;
  onSave: (values: TValues) => Promise<void>;
  /** the page header; the save button is its last action */
  header: Omit<PageHeaderProps, 'actions'>;
  /** buttons before the save button in the header */
  headerActions?: ReactNode;
  saveLabel: string;
  saving: boolean;
  saveDisabled?: boolean;
  /** the edit controller: its stale-version notice and its leave guard */
  edit: SaveErrorProps['edit'] & Pick<EditController<Versioned, never>, 'guard'>;
  /** the error of the save that failed */
  saveError: unknown;
  /** shown between the save error and the steps (the store listing's preview) */
  before?: ReactNode;
  /** hides the steps, keeping them mounted so nothing typed is lost */
  hideSteps?: boolean;
  /** shown above the steps (the store listing's completeness meter) */
  aboveSteps?: ReactNode;
  /** how a field's message reads under it (default: the label before 'is ...', 'must ...', 'cannot ...') */
  fieldMessage?: FieldMessage;
  /** drawers and dialogs the steps open (the resource picker) */
  overlays?: ReactNode;
  /** the current step's content */
  children: ReactNode;
}

/**
 * A long form in steps (spec 2 §2's catalogue and store-listing editors): the header with the save
 * button, the stale-version notice or the failed save's message, the steps each naming what is wrong in it, the current step in a
 * card, 'Previous step' / 'Next step' / save below it, and the leave guard's dialog.
 */
export function StepperEditor<TInput extends FieldValues, TValues>({
  editor,
  onSave,
  header,
  headerActions,
  saveLabel,
  saving,
  saveDisabled = false,
  edit,
  saveError,
  before,
  hideSteps = false,
  aboveSteps,
  fieldMessage = defaultFieldMessage,
  overlays,
  children,
}: StepperEditorProps<TInput, TValues>) {
  const { form, steps, step, setStep, errorTexts } = editor;
  const saveButton = (
    <Button type="submit" variant="contained" startIcon={<SaveOutlinedIcon />} loading={saving} disabled={saveDisabled}>
      {saveLabel}
    </Button>
  );
  return (
    <FieldMessageContext.Provider value={fieldMessage}>
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            // a drawer's own form (rendered in a step) bubbles its submit through the portal
            if (event.target !== event.currentTarget) {
              event.preventDefault();
              return;
            }
            void form.handleSubmit(onSave, editor.invalid)(event);
          }}
        >
          <PageHeader
            {...header}
            actions={
              headerActions ? (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  {headerActions}
                  {saveButton}
                </Box>
              ) : (
                saveButton
              )
            }
          />
          <SaveErrorAlert edit={edit} error={saveError} saving={saving} />
          {before}
          <Box sx={{ display: hideSteps ? 'none' : 'block' }}>
            {errorTexts.some(Boolean) && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                Some steps need attention: their problems are named under the steps.
              </Alert>
            )}
            {aboveSteps}
            <EditorStepNav
              steps={steps.map((entry, index) => ({ label: entry.label, error: errorTexts[index] }))}
              activeStep={step}
              onStepClick={setStep}
            />
            <Card>
              <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
                  {steps[step]?.label}
                </Typography>
                {children}
              </CardContent>
            </Card>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', mt: 2 }}>
              <Button
                startIcon={<ArrowBackIcon />}
                disabled={step === 0}
                onClick={() => setStep((current) => Math.max(current - 1, 0))}
              >
                Previous step
              </Button>
              <Box sx={{ display: 'flex', gap: 1 }}>
                {step < steps.length - 1 && (
                  <Button variant="outlined" endIcon={<ArrowForwardIcon />} onClick={() => void editor.next()}>
                    Next step
                  </Button>
                )}
                {saveButton}
              </Box>
            </Box>
          </Box>
        </Box>
        {overlays}
        {edit.guard.dialog}
      </FormProvider>
    </FieldMessageContext.Provider>
  );
}
