import { useSyncExternalStore } from 'react';
import type { UploadQueueState } from './upload-state';

/** What a component needs of a queue: its rows now, and a call when they change. */
export interface QueueStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): UploadQueueState;
}

/** Subscribes a component to a queue. */
export function useQueueState(queue: QueueStore): UploadQueueState {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
}
