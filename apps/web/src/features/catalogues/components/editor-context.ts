import { createContext, useContext, type ReactNode } from 'react';
import type { PickRequest, ResourcePickerSlot } from '../../../components/form';

export type { PickRequest } from '../../../components/form';

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
  resourcePicker: ResourcePickerSlot;
  demoVideoBrowser: (props: DemoVideoBrowserSlotProps) => ReactNode;
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
