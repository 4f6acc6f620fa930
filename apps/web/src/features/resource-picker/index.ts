// The resource picker of spec 2 §2, for the publisher screens (catalogue images, instructor photos...).
export { ResourcePicker, type PickedResource, type ResourcePickerProps } from './components/resource-picker';
export { PickerGallerySample } from './components/picker-gallery-sample';
