import { Alert, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../platform/api-reactions.ts';
import './i18n.ts';

export interface ReasonModalProps {
  open: boolean;
  title: ReactNode;
  /** What the action changes, said before it is done. */
  description: ReactNode;
  okText?: ReactNode;
  /** Red confirm button, for what removes or refuses something. */
  danger?: boolean;
  /** A reason is asked for unless this is false (then the dialog only confirms). */
  reasonRequired?: boolean;
  /** Offers the reason box without requiring it (e.g. an approval's optional note). */
  reasonOptional?: boolean;
  reasonPlaceholder?: string;
  /** What an empty reason is told, when the generic '请填写原因' is too vague. */
  requiredMessage?: string;
  /** Choices the action needs besides the reason (a role, an editor), shown above it. */
  children?: ReactNode;
  /** What is still missing in those choices; it blocks the action like a missing reason. */
  choiceProblem?: string | null;
  minLength?: number;
  maxLength?: number;
  reasonLabel?: ReactNode;
  /** Does the action; a failure stays in the dialog with the server's message, nothing else changes. */
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * THE console action dialog: says what will change, asks for a reason (which goes to the audit log
 * and, where the action tells the author, to the author), and keeps a refusal in view. Call the
 * server with `{ silent: true }` inside onSubmit, so the refusal is shown here and not as a toast too.
 */
export function ReasonModal(props: ReasonModalProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const min = props.minLength ?? 2;
  const max = props.maxLength ?? 200;
  const asks = props.reasonRequired !== false;
  const trimmed = reason.trim();
  const reasonProblem =
    !asks || (props.reasonOptional && trimmed.length === 0)
      ? null
      : trimmed.length === 0
        ? (props.requiredMessage ?? t('console.reason.required'))
        : trimmed.length < min
          ? t('console.reason.tooShort', { min })
          : null;
  const problem = props.choiceProblem || reasonProblem;

  const close = () => {
    if (pending) return;
    setReason('');
    setTouched(false);
    setFailure(null);
    props.onClose();
  };

  const submit = async () => {
    setTouched(true);
    if (problem) return;
    setPending(true);
    setFailure(null);
    try {
      await props.onSubmit(trimmed);
      setPending(false);
      setReason('');
      setTouched(false);
      props.onClose();
    } catch (e) {
      setPending(false);
      setFailure(errorMessage(e));
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText ?? t('console.reason.confirm')}
      cancelText={t('console.reason.cancel')}
      okButtonProps={{ danger: props.danger, loading: pending }}
      cancelButtonProps={{ disabled: pending }}
      maskClosable={false}
      destroyOnHidden
      onOk={() => void submit()}
      onCancel={close}
    >
      <div style={{ marginBottom: 12 }}>{props.description}</div>
      {props.children}
      {asks && (
        <label style={{ display: 'block' }}>
          <div style={{ marginBottom: 4 }}>{props.reasonLabel ?? t('console.reason.label')}</div>
          <Input.TextArea
            autoFocus
            value={reason}
            maxLength={max}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder={props.reasonPlaceholder ?? t('console.reason.placeholder')}
            status={touched && reasonProblem ? 'error' : undefined}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
          />
        </label>
      )}
      {touched && problem && (
        <div role="alert" style={{ color: '#ff4d4f', marginTop: 4 }}>
          {problem}
        </div>
      )}
      {failure && <Alert style={{ marginTop: 12 }} type="error" showIcon title={failure} />}
    </Modal>
  );
}
