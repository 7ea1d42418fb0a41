import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consolePost } from '../../../console/console-api.ts';
import { errorMessage } from '../../../platform/api-reactions.ts';
import { REASON_MAX, REVIEW_PATH } from './screenplay-review-api.ts';
import './i18n.ts';

export interface ReviewDialogProps {
  decision: 'approve' | 'refuse' | null;
  application: { application_id: number; title: string; pen_name: string };
  onDone: (decision: 'approve' | 'refuse') => void;
  onClose: () => void;
}

/**
 * The decision on a screenplay application: says what the author will see, asks for the reason
 * (required to refuse, an optional note to approve; the author reads it), and keeps the server's
 * refusal in the dialog (the author withdrew it meanwhile, another editor decided first).
 */
export function ReviewDialog({ decision, application, onDone, onClose }: ReviewDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const refusing = decision === 'refuse';
  const trimmed = reason.trim();
  const problem =
    refusing && trimmed.length === 0
      ? t('console.screenplay.reasonRequired')
      : [...trimmed].length > REASON_MAX
        ? t('console.screenplay.reasonTooLong', { max: REASON_MAX })
        : null;

  const close = () => {
    if (pending) return;
    setReason('');
    setTouched(false);
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    if (!decision) return;
    setTouched(true);
    if (problem) return;
    setPending(true);
    setFailure(null);
    try {
      await consolePost(
        REVIEW_PATH,
        { application_id: application.application_id, decision, reason: trimmed },
        { silent: true },
      );
      setPending(false);
      setReason('');
      setTouched(false);
      onDone(decision);
    } catch (e) {
      setPending(false);
      setFailure(errorMessage(e));
    }
  };

  const vars = { title: application.title, penName: application.pen_name };
  return (
    <Modal
      open={decision !== null}
      title={t(refusing ? 'console.screenplay.refuseTitle' : 'console.screenplay.approveTitle', vars)}
      okText={t(refusing ? 'console.screenplay.refuse' : 'console.screenplay.approve')}
      cancelText={t('console.screenplay.cancel')}
      okButtonProps={{ danger: refusing, loading: pending }}
      cancelButtonProps={{ disabled: pending }}
      maskClosable={false}
      destroyOnHidden
      onOk={() => void submit()}
      onCancel={close}
    >
      <p>{t(refusing ? 'console.screenplay.refuseDesc' : 'console.screenplay.approveDesc', vars)}</p>
      <label style={{ display: 'block' }}>
        <div style={{ marginBottom: 4 }}>
          {t(refusing ? 'console.screenplay.refuseReasonLabel' : 'console.screenplay.approveReasonLabel')}
        </div>
        <Input.TextArea
          autoFocus
          value={reason}
          maxLength={REASON_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={refusing ? t('console.screenplay.reasonPlaceholder') : undefined}
          status={touched && problem ? 'error' : undefined}
          onChange={(e) => setReason(e.target.value)}
          onBlur={() => setTouched(true)}
        />
        {touched && problem && (
          <div role="alert" style={{ color: '#ff4d4f', marginTop: 4 }}>
            {problem}
          </div>
        )}
      </label>
      {failure && <Alert style={{ marginTop: 12 }} type="error" showIcon title={failure} />}
    </Modal>
  );
}
