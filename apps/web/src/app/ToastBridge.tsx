import { App } from 'antd';
import { useEffect } from 'react';
import { registerMessageApi } from '../platform/notify.ts';

/** Hands antd's context-aware message API to code outside React (see platform/notify.ts). */
export function ToastBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    registerMessageApi(message);
    return () => registerMessageApi(null);
  }, [message]);
  return null;
}
