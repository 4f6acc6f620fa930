import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

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
