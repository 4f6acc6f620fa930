import { createContext, useContext, type ReactNode } from 'react';
import type { PickRequest, ResourcePickerSlot } from '../../../components/form';

export type { PickRequest } from '../../../components/form';

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
  resourcePicker: ResourcePickerSlot;
  demoVideoBrowser: (props: DemoVideoBrowserSlotProps) => ReactNode;
}

export const EditorContext = createContext<{ pick: (request: PickRequest) => void }>({ pick: () => undefined });

export function useEditor() {
  return useContext(EditorContext);
}
