import type { ReactNode } from 'react';

/** The resource picker of its own feature, handed in by the app's route (features never import each other). */
export interface ImagePickerSlotProps {
  open: boolean;
  onClose: () => void;
  onSelect: (file: { url: string; name: string }) => void;
}

export type ImagePickerSlot = (props: ImagePickerSlotProps) => ReactNode;
