import { TOAST } from '@author-centre/shared/constants';
import { message, type notification } from 'antd';
import { createContext, useContext } from 'react';

type MessageInstance = ReturnType<typeof message.useMessage>[0];
type NotificationInstance = ReturnType<typeof notification.useNotification>[0];

/** The theme-aware notification API of <AppFeedback> (app/AppFeedback.tsx). */
export const NotificationApiContext = createContext<NotificationInstance | null>(null);

export function useNotificationApi(): NotificationInstance {
  const api = useContext(NotificationApiContext);
  if (!api) throw new Error('useNotificationApi() is used outside <AppFeedback>');
  return api;
}

/**
 * Toasts usable outside React (the api client). `<AppFeedback>` hands in the context-aware
 * instance, so toasts follow the brand theme; before it mounts, antd's static API is used.
 */
let instance: MessageInstance | null = null;

export function registerMessageApi(api: MessageInstance | null): void {
  instance = api;
}

function api(): MessageInstance {
  return instance ?? message;
}

/** Identical messages fired together (five calls failing at once) show once. */
function keyOf(kind: string, text: string): string {
  return `${kind}:${text}`;
}

export const toast = {
  error(text: string, durationMs: number = TOAST.errorDurationMs): void {
    if (!text) return;
    void api().open({ type: 'error', content: text, duration: durationMs / 1000, key: keyOf('error', text) });
  },
  success(text: string, durationMs: number = TOAST.durationMs): void {
    void api().open({ type: 'success', content: text, duration: durationMs / 1000, key: keyOf('success', text) });
  },
  info(text: string, durationMs: number = TOAST.durationMs): void {
    void api().open({ type: 'info', content: text, duration: durationMs / 1000, key: keyOf('info', text) });
  },
};
