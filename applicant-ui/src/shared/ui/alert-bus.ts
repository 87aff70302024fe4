/**
 * A tiny queue of modal alerts that non-React code (the API interceptors) can raise.
 * `AlertHost` renders the head of the queue; `showAlert` resolves when the user presses OK.
 */

/** One alert: translation keys for its title and text, and its tone. */
export interface AlertRequest {
  titleKey: string;
  textKey: string;
  variant: 'error' | 'warning';
}

interface QueuedAlert extends AlertRequest {
  id: number;
  resolve: () => void;
}

type Listener = (queue: readonly QueuedAlert[]) => void;

let queue: QueuedAlert[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of listeners) l(queue);
}

/** Queues an alert; the promise resolves once the user has confirmed it. */
export function showAlert(request: AlertRequest): Promise<void> {
  return new Promise((resolve) => {
    queue = [...queue, { ...request, id: nextId++, resolve }];
    emit();
  });
}

/** Confirms (closes) the alert with the given id. */
export function confirmAlert(id: number): void {
  const found = queue.find((a) => a.id === id);
  queue = queue.filter((a) => a.id !== id);
  emit();
  found?.resolve();
}

/** Subscribes to the alert queue; returns the unsubscribe function. */
export function subscribeAlerts(listener: Listener): () => void {
  listeners.add(listener);
  listener(queue);
  return () => listeners.delete(listener);
}

export type { QueuedAlert };
