import { CloseOutlined } from '@ant-design/icons';
import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n.ts';
import './popups.css';

/**
 * The frame of a global pop: a modal dialog (focus kept inside, Escape closes) whose look is the
 * pop's own. `label` names the dialog for screen readers.
 */
export function PopShell({
  label,
  onClose,
  children,
  width = 440,
  className,
  testId,
}: {
  label: string;
  onClose: () => void;
  children: ReactNode;
  width?: number;
  className?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      centered
      width={width}
      footer={null}
      closable={false}
      maskClosable={false}
      destroyOnHidden
      onCancel={onClose}
      title={null}
      className={['ac-pop', className].filter(Boolean).join(' ')}
      styles={{ container: { background: 'transparent', boxShadow: 'none', padding: 0 }, body: { padding: 0 } }}
      aria-label={label}
    >
      <div className="ac-pop__frame" data-testid={testId} role="document">
        <button type="button" className="ac-pop__close" aria-label={t('popups.close')} onClick={onClose}>
          <CloseOutlined aria-hidden />
        </button>
        {children}
      </div>
    </Modal>
  );
}
