// Forms bound to react-hook-form: the fields, the step-by-step editor and its error texts.
export * from './fields';
export * from './picker-slot';
export * from './step-errors';
export * from './stepper-editor';
