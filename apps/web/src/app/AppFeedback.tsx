import { message, notification, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { NotificationApiContext, registerMessageApi } from '../platform/notify.ts';

/**
 * What antd's `App` gave the app, without the modal API nobody used (its dialog code was part of
 * every first visit): toasts and notifications that follow the brand theme, the toast API handed
 * to code outside React (platform/notify.ts), and App's base text style on the page.
 */
export function AppFeedback({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const { token } = theme.useToken();
  useEffect(() => {
    registerMessageApi(messageApi);
    return () => registerMessageApi(null);
  }, [messageApi]);
  return (
    <div
      className="ac-app"
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {messageHolder}
      {notificationHolder}
      <NotificationApiContext.Provider value={notificationApi}>{children}</NotificationApiContext.Provider>
    </div>
  );
}
