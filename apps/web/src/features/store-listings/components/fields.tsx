import { formFields } from '../../../components/form';
import type { StoreListingFormInput } from './store-listing-form';

/** The shared form fields, their names checked against the store-listing form. */
export const { TextInput, SwitchInput, RichTextInput, useFieldError } = formFields<StoreListingFormInput>();
