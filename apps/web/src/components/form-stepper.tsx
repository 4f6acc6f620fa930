import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { plural } from '@lectern/contract';

/** One step. */
export interface FormStep {
  label: string;
  /** What is wrong in this step, shown under its label in red. */
  error?: string;
  /** Marks the step 'Optional'. */
  optional?: boolean;
}

export interface FormStepperProps {
  /** The steps, in order. */
  steps: FormStep[];
  /** The index of the current step. */
  activeStep: number;
  /** Makes the steps buttons that jump to a step. */
  onStepClick?: (index: number) => void;
}

/** A stepper with per-step error text; vertical on phones. */
export function FormStepper({ steps, activeStep, onStepClick }: FormStepperProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Stepper activeStep={activeStep} orientation={phone ? 'vertical' : 'horizontal'} nonLinear={Boolean(onStepClick)}>
      {steps.map((step, index) => {
        const hint = step.error ? (
          <Typography variant="caption" color="error" role="alert">
            {step.error}
          </Typography>
        ) : step.optional ? (
          <Typography variant="caption">Optional</Typography>
        ) : undefined;
        return (
          <Step key={step.label} completed={index < activeStep && !step.error}>
            {onStepClick ? (
              <StepButton optional={hint} onClick={() => onStepClick(index)}>
                <StepLabel error={Boolean(step.error)}>{step.label}</StepLabel>
              </StepButton>
            ) : (
              <StepLabel optional={hint} error={Boolean(step.error)}>
                {step.label}
              </StepLabel>
            )}
          </Step>
        );
      })}
    </Stepper>
  );
}

/**
 * A long form's steps as its editor shows them: the stepper above the form on wide screens; on a
 * phone, 'Step N of M: label' with how many steps need attention and an 'All steps' button that
 * opens the stepper (choosing a step closes it again).
 */
export function EditorStepNav({ steps, activeStep, onStepClick }: Required<FormStepperProps>) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const stepsId = useId();
  const attention = steps.filter((step) => step.error).length;
  return (
    <>
      {phone && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: open ? 1 : 2 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {`Step ${activeStep + 1} of ${steps.length}: ${steps[activeStep]?.label ?? ''}`}
            </Typography>
            {attention > 0 && (
              <Typography variant="caption" color="error">
                {`Needs attention: ${plural(attention, 'step')}`}
              </Typography>
            )}
          </Box>
          <Button
            size="small"
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            aria-expanded={open}
            aria-controls={stepsId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Hide steps' : 'All steps'}
          </Button>
        </Box>
      )}
      {(!phone || open) && (
        <Box id={stepsId} sx={{ mb: 3, overflowX: 'auto', pb: 1 }}>
          <FormStepper
            steps={steps}
            activeStep={activeStep}
            onStepClick={(index) => {
              onStepClick(index);
              setOpen(false);
            }}
          />
        </Box>
      )}
    </>
  );
}
