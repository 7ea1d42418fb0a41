import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlainTable } from '../../components/plain/Table.tsx';
import { AUTH_NS } from './i18n.ts';
import type { FreeRow, TaskInfo, ZhRow } from './PenNameBindDialog.tsx';

/** The confirmation step of the pen-name binding (PenNameBindDialog): what each phone brings. */
export default function PenNameBindTables({ info }: { info: TaskInfo }) {
  const { t } = useTranslation(AUTH_NS);
  return (
    <>
      <h3>{t('bind.freeTable')}</h3>
      <PlainTable<FreeRow>
        aria-label={t('bind.freeTable')}
        size="small"
        pagination={false}
        rowKey="account_id"
        dataSource={info.free ?? []}
        columns={[
          { title: t('bind.penName'), dataIndex: 'pen_name' },
          { title: t('bind.phone'), dataIndex: 'phone' },
          { title: t('bind.coin'), dataIndex: 'coin' },
          { title: t('bind.vip'), dataIndex: 'vip', render: (v: number) => (v ? t('common.yes') : t('common.no')) },
          { title: t('bind.comment'), dataIndex: 'comment' },
        ]}
      />
      {info.free?.[0]?.merge_cell_text && (
        <Alert type="info" showIcon message={info.free[0].merge_cell_text} style={{ margin: '8px 0 16px' }} />
      )}
      <h3>{t('bind.zhTable')}</h3>
      <PlainTable<ZhRow>
        aria-label={t('bind.zhTable')}
        size="small"
        pagination={false}
        rowKey={(r) => `${r.pen_name}:${r.phone}`}
        dataSource={info.zh ?? []}
        columns={[
          { title: t('bind.penName'), dataIndex: 'pen_name' },
          { title: t('bind.phone'), dataIndex: 'phone' },
          { title: t('bind.zhUnit'), dataIndex: 'zh_unit' },
          { title: t('bind.readUnit'), dataIndex: 'read_unit' },
          { title: t('bind.comment'), dataIndex: 'comment' },
        ]}
      />
    </>
  );
}
