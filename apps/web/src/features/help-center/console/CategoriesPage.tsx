import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { CONSOLE_QUERY_ROOT, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { errorMessage } from '../../../platform/api-reactions.ts';
import { toast } from '../../../platform/notify.ts';
import { ARTICLES_PATH } from './ArticlesPage.tsx';
import { HELP_API, type HelpCategoryRow, useHelpCategories } from './help-console-api.ts';
import './i18n.ts';

/**
 * /admin/help/categories: the brand's help categories in the order the help centre shows them —
 * add, rename, move up or down, and delete one that holds no articles.
 */
export default function CategoriesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const categories = useHelpCategories();
  const [editing, setEditing] = useState<HelpCategoryRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<HelpCategoryRow | null>(null);
  const [moving, setMoving] = useState(false);
  const list = categories.data?.list ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, HELP_API.categories] });

  const move = async (index: number, by: -1 | 1) => {
    const order = list.map((c) => c.id);
    const [item] = order.splice(index, 1);
    order.splice(index + by, 0, item);
    setMoving(true);
    try {
      await consolePost(HELP_API.categoryReorder, { ids: order }, { silent: true });
      toast.success(t('console.help.categories.orderChanged'));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      await refresh();
      setMoving(false);
    }
  };

  return (
    <ConsolePage
      title={t('console.help.menu.categories')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('console.help.categories.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('console.help.categories.orderHint')}</Typography.Paragraph>
      {categories.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('console.table.failed')}
          description={errorMessage(categories.error)}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void categories.refetch()}>
              {t('console.retry')}
            </Button>
          }
        />
      )}
      <Table<HelpCategoryRow>
        rowKey="id"
        size="middle"
        loading={categories.isFetching || moving}
        dataSource={list}
        pagination={false}
        locale={{ emptyText: categories.isError ? t('console.table.failed') : t('console.table.empty') }}
        columns={[
          {
            title: t('console.help.categories.order'),
            key: 'order',
            width: 110,
            render: (_: unknown, _row, index) => (
              <Space size={4}>
                <Tooltip title={t('console.help.categories.moveUp')}>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('console.help.categories.moveUp')}
                    disabled={index === 0 || moving}
                    onClick={() => void move(index, -1)}
                  />
                </Tooltip>
                <Tooltip title={t('console.help.categories.moveDown')}>
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('console.help.categories.moveDown')}
                    disabled={index === list.length - 1 || moving}
                    onClick={() => void move(index, 1)}
                  />
                </Tooltip>
              </Space>
            ),
          },
          { title: t('console.help.categories.id'), dataIndex: 'id', width: 70 },
          { title: t('console.help.categories.name'), dataIndex: 'name' },
          { title: t('console.help.categories.description'), dataIndex: 'description' },
          {
            title: t('console.help.categories.count'),
            dataIndex: 'count',
            render: (count: number, row) => <Link to={`${ARTICLES_PATH}?category_id=${row.id}`}>{count}</Link>,
          },
          { title: t('console.help.categories.published'), dataIndex: 'published' },
          {
            title: t('console.help.categories.actions'),
            key: 'actions',
            render: (_: unknown, row) => (
              <Space size={4}>
                <Button size="small" onClick={() => setEditing(row)}>
                  {t('console.help.categories.rename')}
                </Button>
                <Tooltip
                  title={row.count > 0 ? t('console.help.categories.deleteBlocked', { count: row.count }) : undefined}
                >
                  <Button size="small" danger type="text" disabled={row.count > 0} onClick={() => setDeleting(row)}>
                    {t('console.help.categories.delete')}
                  </Button>
                </Tooltip>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <CategoryForm
          category={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            toast.success(t('console.help.categories.saved'));
            void refresh();
          }}
        />
      )}
      <ReasonModal
        open={deleting !== null}
        danger
        reasonRequired={false}
        title={t('console.help.categories.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('console.help.categories.deleteDesc')}
        okText={t('console.help.categories.delete')}
        onClose={() => setDeleting(null)}
        onSubmit={async () => {
          await consolePost(HELP_API.categoryDelete, { id: deleting?.id }, { silent: true });
          toast.success(t('console.help.categories.deleted'));
          void refresh();
        }}
      />
    </ConsolePage>
  );
}

function CategoryForm(props: { category: HelpCategoryRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; description: string }>();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const c = props.category;

  const save = async (values: { name: string; description: string }) => {
    setPending(true);
    setFailure(null);
    try {
      await consolePost(
        HELP_API.categorySave,
        { ...(c ? { id: c.id } : {}), name: values.name.trim(), description: (values.description ?? '').trim() },
        { silent: true },
      );
      props.onSaved();
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open
      title={c ? t('console.help.categories.renameTitle', { name: c.name }) : t('console.help.categories.addTitle')}
      okText={t('console.help.editor.save')}
      cancelText={t('console.reason.cancel')}
      okButtonProps={{ loading: pending }}
      mask={{ closable: false }}
      onOk={() => form.submit()}
      onCancel={props.onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={c ? { name: c.name, description: c.description } : { name: '', description: '' }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="name"
          label={t('console.help.categories.name')}
          rules={[
            { required: true, whitespace: true, message: t('console.help.categories.nameRequired') },
            { max: 30, message: t('console.help.categories.nameLength') },
          ]}
        >
          <Input maxLength={30} showCount autoFocus />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('console.help.categories.description')}
          rules={[{ max: 200, message: t('console.help.categories.descriptionLength') }]}
        >
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} />}
    </Modal>
  );
}
