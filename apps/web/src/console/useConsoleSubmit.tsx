import { Alert, type FormInstance, type ModalProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../platform/api-error.ts';
import { errorMessage } from '../platform/api-reactions.ts';

/**
 * THE way a console form dialog sends: one call at a time (the dialog cannot be closed meanwhile),
 * a refusal shown under the field the server names (`fieldOf` maps the server's field to the form's)
 * and in the dialog, in the staff member's language; nothing is closed or cleared on a refusal.
 */
export function useConsoleSubmit<V>(form: FormInstance<V>, fieldOf: Record<string, keyof V & string> = {}) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (send: () => Promise<unknown>): Promise<boolean> => {
    setPending(true);
    setFailure(null);
    try {
      await send();
      return true;
    } catch (e) {
      const message = errorMessage(e);
      const field = isApiError(e) && e.field ? (fieldOf[e.field] ?? fieldOf[e.field.split('.')[0] ?? '']) : undefined;
      if (field) form.setFields([{ name: field as never, errors: [message] }]);
      setFailure(message);
      return false;
    } finally {
      setPending(false);
    }
  };

  /** Spread on the dialog: busy buttons, no closing by the mask or while sending. */
  const modalProps = (onClose: () => void): Partial<ModalProps> => ({
    okButtonProps: { loading: pending },
    cancelButtonProps: { disabled: pending },
    maskClosable: false,
    onCancel: () => {
      if (!pending) onClose();
    },
  });

  const failureAlert: ReactNode = failure ? (
    <Alert style={{ marginTop: 12 }} type="error" showIcon title={failure} role="alert" />
  ) : null;

  return { pending, submit, modalProps, failureAlert };
}
