import { formFields } from '../../../components/form';
import type { CatalogueFormInput } from './catalogue-form';

/** The shared form fields, their names checked against the catalogue form. */
export const { TextInput, SelectInput, SwitchInput, RupeesInput, ColourInput, useFieldError } =
  formFields<CatalogueFormInput>();
