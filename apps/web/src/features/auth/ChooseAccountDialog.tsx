import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button, List, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPost } from '../../platform/api.ts';
import { ApiError } from '../../platform/api-error.ts';
import { toast } from '../../platform/notify.ts';
import { AUTH_PATHS, type ChoosableAccount } from './auth-api.ts';
import { AUTH_NS } from './i18n.ts';

/** choose-login-account: the phone has several pen names; the author picks the one to enter. */
export function ChooseAccountDialog({
  ticket,
  accounts,
  onEntered,
  onCancel,
}: {
  ticket: string;
  accounts: ChoosableAccount[];
  onEntered: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(AUTH_NS);
  const [busy, setBusy] = useState<number | null>(null);

  const choose = async (accountId: number) => {
    if (busy !== null) return;
    setBusy(accountId);
    try {
      await apiPost(AUTH_PATHS.chooseAccount, { ticket, account_id: accountId }, { silent: true });
      onEntered();
    } catch (error) {
      toast.error(error instanceof ApiError && error.title ? error.title : t('choose.expired'));
      onCancel();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal open title={t('choose.title')} footer={null} onCancel={onCancel} centered destroyOnHidden>
      <p className="ac-signin__lead">{t('choose.lead')}</p>
      <List
        dataSource={accounts}
        data-testid="choose-account-list"
        renderItem={(a, index) => (
          <List.Item
            actions={[
              <Button
                key="enter"
                type="primary"
                autoFocus={index === 0}
                loading={busy === a.account_id}
                onClick={() => void choose(a.account_id)}
                aria-label={`${t('choose.enter')} ${a.pen_name}`}
              >
                {t('choose.enter')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={<Avatar src={a.avatar || undefined} icon={<UserOutlined />} />}
              title={a.pen_name}
              description={t('choose.level', { level: a.level })}
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
