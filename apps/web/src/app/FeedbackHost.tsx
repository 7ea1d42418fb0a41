import { message, notification } from 'antd';
import { useEffect } from 'react';
import { registerFeedback } from '../platform/notify.ts';
import { AntdScope } from './AntdScope.tsx';

/**
 * antd's toasts and notifications in the brand's theme, handed to platform/notify.ts. Mounted once by
 * FeedbackMount when the first toast is asked for.
 */
export default function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useEffect(() => {
    registerFeedback({ message: messageApi, notification: notificationApi });
    return () => registerFeedback(null);
  }, [messageApi, notificationApi]);
  return (
    <AntdScope>
      {messageHolder}
      {notificationHolder}
    </AntdScope>
  );
}
