import { useState, type ReactNode } from 'react';
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

/** The resource picker as an editor receives it from the app's route (features never import each other). */
export type ResourcePickerSlot = (props: ResourcePickerSlotProps) => ReactNode;

/** What a step asks of the resource picker. */
export interface PickRequest {
  resourceType: ResourceTypeKey;
  title?: string;
  onSelect: (file: PickedFile) => void;
}

/**
 * The resource picker of an editor: `pick` opens it for a step's request, `picker` is what to render
 * (nothing until the first request; closing keeps the request so the drawer can animate out).
 */
export function usePickerSlot(resourcePicker: ResourcePickerSlot): {
  pick: (request: PickRequest) => void;
  picker: ReactNode;
} {
  const [state, setState] = useState<{ open: boolean; request: PickRequest | null }>({ open: false, request: null });
  const { request } = state;
  return {
    pick: (next) => setState({ open: true, request: next }),
    picker:
      request &&
      resourcePicker({
        open: state.open,
        onClose: () => setState((previous) => ({ ...previous, open: false })),
        resourceType: request.resourceType,
        title: request.title,
        onSelect: request.onSelect,
      }),
  };
}
