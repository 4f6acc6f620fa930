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
  /** default 'Catalogue Images' (spec 2 §2) */
  title?: string;
  onSelect: (file: PickedFile) => void;
}

/** A preview video chosen in the Browse Demo Videos drawer (features/demo-videos). */
export interface ChosenDemoVideo {
  videoId: string;
  title: string;
  /** seconds */
  duration: number;
  catalogueId: string;
  transcodingStatus: string;
}

export interface DemoVideoBrowserSlotProps {
  open: boolean;
  onClose: () => void;
  onAdd: (video: ChosenDemoVideo) => void;
}

/**
 * The pickers of other features, composed by the app's route (features never import each other):
 * the editor renders them where it needs them.
 */
export interface CatalogueEditorSlots {
  resourcePicker: (props: ResourcePickerSlotProps) => ReactNode;
  demoVideoBrowser: (props: DemoVideoBrowserSlotProps) => ReactNode;
}

/** What a step asks of the resource picker. */
export interface PickRequest {
  resourceType: ResourceTypeKey;
  title?: string;
  onSelect: (file: PickedFile) => void;
}

export interface EditorContextValue {
  /** Everything but subscriptions and add-on prices is read-only (FINANCE). */
  readOnly: boolean;
  /** Opens the resource picker. */
  pick: (request: PickRequest) => void;
}

export const EditorContext = createContext<EditorContextValue>({ readOnly: false, pick: () => undefined });

export function useEditor(): EditorContextValue {
  return useContext(EditorContext);
}
