import { createContext, useContext, type ReactNode } from 'react';
import type { ResourceTypeKey } from '@lectern/contract';

/** A file chosen in the resource picker (features/resource-picker), as the route hands it over. */
export interface PickedFile {
  key: string;
  url: string;
  name: string;
  size: number;
}

export interface ResourcePickerSlotProps {
  open: boolean;
  onClose: () => void;
  resourceType: ResourceTypeKey;
  title?: string;
  onSelect: (file: PickedFile) => void;
}

/** A preview video chosen in the Browse Demo Videos drawer (features/demo-videos), with the thumbnail picked there. */
export interface ChosenDemoVideo {
  catalogueId: string;
  videoId: string;
  title: string;
  /** the signed address of the chosen generated thumbnail */
  thumbnailUrl: string;
}

export interface DemoVideoBrowserSlotProps {
  open: boolean;
  onClose: () => void;
  /** a rejection keeps the drawer open with the choice (the caller says why) */
  onAdd: (video: ChosenDemoVideo) => Promise<unknown>;
}

/** The pickers of their own features, composed by the app's route (features never import each other). */
export interface StoreListingEditorSlots {
  resourcePicker: (props: ResourcePickerSlotProps) => ReactNode;
  demoVideoBrowser: (props: DemoVideoBrowserSlotProps) => ReactNode;
}

/** What a step asks of the resource picker. */
export interface PickRequest {
  resourceType: ResourceTypeKey;
  title: string;
  onSelect: (file: PickedFile) => void;
}

export const EditorContext = createContext<{ pick: (request: PickRequest) => void }>({ pick: () => undefined });

export function useEditor() {
  return useContext(EditorContext);
}
