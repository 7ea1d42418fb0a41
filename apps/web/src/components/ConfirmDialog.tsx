import { Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from './RichText.tsx';

/**
 * The confirm dialog of spec §3. `txt`, `desc` and `tips` may contain markup (sanitised before it is
 * shown); `plainTxt`, `plainDesc` and `plainTips` are shown as plain text. When both forms of a part
 * are given, the plain one wins. `cancelBtnTxt: ''` hides the cancel button.
 */
export interface ConfirmDialogFields {
  title?: string;
  txt?: string;
  plainTxt?: string;
  desc?: string;
  plainDesc?: string;
  tips?: string;
  plainTips?: string;
  cancelBtnTxt?: string;
  btnTxt?: string;
}

export interface ConfirmDialogProps extends ConfirmDialogFields {
  open: boolean;
  /** May return a promise: the confirm button shows a spinner until it settles, and the dialog stays open if it rejects. */
  onConfirm: () => unknown;
  onCancel: () => void;
  /** Extra content below the texts. */
  children?: ReactNode;
  /** Keeps the confirm button disabled (e.g. until a choice is made). */
  confirmDisabled?: boolean;
}

function Part({ plain, markup, className }: { plain?: string; markup?: string; className: string }) {
  if (plain) return <p className={className}>{plain}</p>;
  if (markup) return <RichText as="p" className={className} html={markup} />;
  return null;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const { open, title, cancelBtnTxt, btnTxt, onCancel, children, confirmDisabled } = props;
  const hideCancel = cancelBtnTxt === '';

  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm();
    } catch {
      // The caller reports its own failure; the dialog stays open so the author can try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      centered
      destroyOnHidden
      maskClosable={false}
      okText={btnTxt || t('common.confirm')}
      cancelText={cancelBtnTxt || t('common.cancel')}
      okButtonProps={{ disabled: confirmDisabled }}
      cancelButtonProps={{ style: hideCancel ? { display: 'none' } : undefined }}
      confirmLoading={busy}
      onOk={() => void confirm()}
      onCancel={onCancel}
      className="ac-confirm-dialog"
    >
      <Part className="ac-confirm-dialog__txt" plain={props.plainTxt} markup={props.txt} />
      <Part className="ac-confirm-dialog__desc" plain={props.plainDesc} markup={props.desc} />
      {children}
      <Part className="ac-confirm-dialog__tips" plain={props.plainTips} markup={props.tips} />
    </Modal>
  );
}
