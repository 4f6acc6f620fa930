import { createContext, useContext } from 'react';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';

/** What a sortable row hands to its drag handle. */
export interface DragHandleBinding {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  disabled: boolean;
  /** Why the handle is inert, shown as its tooltip. */
  disabledReason?: string;
}

export const DragHandleContext = createContext<DragHandleBinding | null>(null);

/** The drag binding of the enclosing sortable row, or null outside one. */
export function useDragHandle(): DragHandleBinding | null {
  return useContext(DragHandleContext);
}
