import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Input, Modal, Radio, Select, Space, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ImageWithFallback } from '../../../components/ImageWithFallback.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { type ConsoleColumn, ConsoleTable } from '../../../console/ConsoleTable.tsx';
import { CONSOLE_QUERY_ROOT, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { errorMessage } from '../../../platform/api-reactions.ts';
import { toast } from '../../../platform/notify.ts';
import { type AuthorHit, AuthorPicker, AuthorTags } from './AuthorPicker.tsx';
import { useBadges, useLevels } from './queries.ts';
import {
  AWARDS_PATH,
  type Award,
  BADGES_PATH,
  type Badge,
  firstImage,
  GRADUATIONS_PATH,
  type Graduation,
  LEVEL_CHANGES_PATH,
  type LevelChange,
} from './rewards-api.ts';
import './i18n.ts';

const r = 'console.rewards';
type Action = 'award' | 'level' | 'graduate';

const time = (ms: number) => {
  const d = new Date(ms + 8 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};

/**
 * /admin/rewards: find an author by pen name, then award a badge, change their level or record a
 * graduation (each with a reason); below, what was given, with revoke for badges.
 */
export default function RewardsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const [author, setAuthor] = useState<AuthorHit | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [revoking, setRevoking] = useState<Award | null>(null);
  const tab = search.get('tab') ?? 'awards';
  const badges = useBadges();
  const refresh = () => {
    for (const path of [AWARDS_PATH, LEVEL_CHANGES_PATH, GRADUATIONS_PATH, BADGES_PATH]) {
      void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, path] });
    }
    void queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, '/api/admin/rewards/author-lookup'] });
  };
  const onlyAuthor = author ? { account_id: author.account_id } : undefined;

  const awardColumns: ConsoleColumn<Award>[] = [
    { title: t(`${r}.author.penName`), dataIndex: 'pen_name', sortKey: 'pen_name' },
    {
      title: t(`${r}.badge.title`),
      dataIndex: 'title',
      sortKey: 'title',
      render: (title: string, row) => (
        <Space>
          <ImageWithFallback src={row.image} alt="" width={28} height={28} style={{ objectFit: 'contain' }} />
          {title}
        </Space>
      ),
    },
    {
      title: t(`${r}.awards.awardedAt`),
      dataIndex: 'awarded_at',
      sortKey: 'awarded_at',
      render: time,
      csv: (row) => time(row.awarded_at),
    },
    {
      title: t(`${r}.awards.seen`),
      dataIndex: 'noticed_at',
      render: (ms: number | null) =>
        ms ? (
          <Tag color="green">{t(`${r}.awards.seenAt`, { time: time(ms) })}</Tag>
        ) : (
          <Tag>{t(`${r}.awards.notSeen`)}</Tag>
        ),
      csv: (row) => (row.noticed_at ? time(row.noticed_at) : ''),
    },
    {
      title: '',
      key: 'actions',
      csv: false,
      render: (_: unknown, row) => (
        <Button size="small" danger onClick={() => setRevoking(row)}>
          {t(`${r}.awards.revoke`)}
        </Button>
      ),
    },
  ];
  const levelColumns: ConsoleColumn<LevelChange>[] = [
    { title: t(`${r}.author.penName`), dataIndex: 'pen_name', sortKey: 'pen_name' },
    {
      title: t(`${r}.changes.change`),
      key: 'change',
      render: (_: unknown, row) => `Lv${row.from_level} → Lv${row.level}`,
      csv: (row) => `Lv${row.from_level} → Lv${row.level}`,
    },
    { title: t(`${r}.level.levelTxt`), dataIndex: 'level_txt' },
    {
      title: t(`${r}.changes.at`),
      dataIndex: 'created_at',
      sortKey: 'created_at',
      render: time,
      csv: (x) => time(x.created_at),
    },
    {
      title: t(`${r}.changes.pop`),
      dataIndex: 'noticed_at',
      render: (ms: number | null, row) =>
        row.level < row.from_level ? (
          <Tag>{t(`${r}.changes.noPop`)}</Tag>
        ) : ms ? (
          <Tag color="green">{t(`${r}.awards.seenAt`, { time: time(ms) })}</Tag>
        ) : (
          <Tag color="blue">{t(`${r}.awards.notSeen`)}</Tag>
        ),
      csv: (row) => (row.noticed_at ? time(row.noticed_at) : ''),
    },
  ];
  const graduationColumns: ConsoleColumn<Graduation>[] = [
    { title: t(`${r}.author.penName`), dataIndex: 'pen_name', sortKey: 'pen_name' },
    { title: t(`${r}.graduation.period`), dataIndex: 'period_name' },
    {
      title: t(`${r}.graduation.level`),
      dataIndex: 'level',
      render: (l: string) => t(`${r}.graduation.levels.${l === '1' ? 'normal' : 'excellent'}`),
      csv: (row) => t(`${r}.graduation.levels.${row.level === '1' ? 'normal' : 'excellent'}`),
    },
    {
      title: t(`${r}.changes.at`),
      dataIndex: 'graduated_at',
      sortKey: 'created_at',
      render: time,
      csv: (x) => time(x.graduated_at),
    },
    {
      title: t(`${r}.changes.pop`),
      dataIndex: 'noticed_at',
      render: (ms: number | null) =>
        ms ? (
          <Tag color="green">{t(`${r}.awards.seenAt`, { time: time(ms) })}</Tag>
        ) : (
          <Tag color="blue">{t(`${r}.awards.notSeen`)}</Tag>
        ),
      csv: (row) => (row.noticed_at ? time(row.noticed_at) : ''),
    },
  ];

  return (
    <ConsolePage title={t(`${r}.actions.title`)}>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <label htmlFor="rewards-author">{t(`${r}.actions.find`)}</label>
          <div style={{ maxWidth: 480 }}>
            <AuthorPicker id="rewards-author" value={author} onChange={setAuthor} />
          </div>
          {author ? (
            <Space wrap data-testid="chosen-author">
              <Typography.Text strong>{author.pen_name}</Typography.Text>
              <Typography.Text type="secondary">ID {author.account_id}</Typography.Text>
              <AuthorTags author={author} />
              <Button type="primary" onClick={() => setAction('award')}>
                {t(`${r}.actions.award`)}
              </Button>
              <Button onClick={() => setAction('level')}>{t(`${r}.actions.level`)}</Button>
              <Button onClick={() => setAction('graduate')}>{t(`${r}.actions.graduate`)}</Button>
            </Space>
          ) : (
            <Typography.Text type="secondary">{t(`${r}.actions.hint`)}</Typography.Text>
          )}
        </Space>
      </Card>

      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(search);
          next.set('tab', key);
          setSearch(next);
        }}
        items={[
          {
            key: 'awards',
            label: t(`${r}.awards.title`),
            children: (
              <ConsoleTable<Award>
                path={AWARDS_PATH}
                urlPrefix="aw_"
                params={onlyAuthor}
                rowKey={(row) => row.id}
                columns={awardColumns}
                exportName="badge-awards"
                filters={[
                  { key: 'pen_name', label: t(`${r}.author.penName`), type: 'text' },
                  {
                    key: 'badge_id',
                    label: t(`${r}.badge.title`),
                    type: 'select',
                    options: (badges.data?.list ?? []).map((b) => ({ value: String(b.id), label: b.title })),
                  },
                ]}
              />
            ),
          },
          {
            key: 'levels',
            label: t(`${r}.changes.title`),
            children: (
              <ConsoleTable<LevelChange>
                path={LEVEL_CHANGES_PATH}
                urlPrefix="lv_"
                params={onlyAuthor}
                rowKey={(row) => row.id}
                columns={levelColumns}
                exportName="level-changes"
                filters={[{ key: 'pen_name', label: t(`${r}.author.penName`), type: 'text' }]}
              />
            ),
          },
          {
            key: 'graduations',
            label: t(`${r}.graduation.title`),
            children: (
              <ConsoleTable<Graduation>
                path={GRADUATIONS_PATH}
                urlPrefix="gr_"
                params={onlyAuthor}
                rowKey={(row) => row.id}
                columns={graduationColumns}
                exportName="graduations"
                filters={[{ key: 'pen_name', label: t(`${r}.author.penName`), type: 'text' }]}
              />
            ),
          },
        ]}
      />

      {author && action === 'award' && (
        <AwardDialog
          author={author}
          badges={badges.data?.list ?? []}
          onClose={() => setAction(null)}
          onDone={refresh}
        />
      )}
      {author && action === 'level' && (
        <LevelDialog
          author={author}
          onClose={() => setAction(null)}
          onDone={(level) => {
            setAuthor({ ...author, level });
            refresh();
          }}
        />
      )}
      {author && action === 'graduate' && (
        <GraduationDialog author={author} onClose={() => setAction(null)} onDone={refresh} />
      )}
      <ReasonModal
        open={revoking !== null}
        danger
        title={t(`${r}.awards.revokeTitle`, { title: revoking?.title ?? '', penName: revoking?.pen_name ?? '' })}
        description={revoking?.noticed_at ? t(`${r}.awards.revokeSeen`) : t(`${r}.awards.revokeUnseen`)}
        okText={t(`${r}.awards.revoke`)}
        onClose={() => setRevoking(null)}
        onSubmit={async (reason) => {
          await consolePost(`${AWARDS_PATH}/${revoking?.id}/revoke`, { reason }, { silent: true });
          toast.success(t(`${r}.awards.revoked`));
          refresh();
        }}
      />
    </ConsolePage>
  );
}

/** One action on the chosen author: its own fields, what it changes, a reason, and the server's refusal kept in view. */
function ActionModal<V extends object>(props: {
  title: ReactNode;
  description: ReactNode;
  okText: ReactNode;
  initial: Partial<V> & { reason?: string };
  onClose: () => void;
  submit: (values: V & { reason: string }) => Promise<string>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V & { reason: string }>();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Modal
      open
      width={560}
      title={props.title}
      okText={props.okText}
      cancelText={t(`${r}.cancel`)}
      okButtonProps={{ loading: pending }}
      cancelButtonProps={{ disabled: pending }}
      maskClosable={false}
      onOk={() => form.submit()}
      onCancel={() => {
        if (!pending) props.onClose();
      }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={props.initial as never}
        onFinish={async (values) => {
          setPending(true);
          setFailure(null);
          try {
            const done = await props.submit({ ...values, reason: values.reason.trim() });
            toast.success(done);
            props.onClose();
          } catch (e) {
            setFailure(errorMessage(e));
          } finally {
            setPending(false);
          }
        }}
      >
        {props.children}
        <Form.Item
          name="reason"
          label={t('console.reason.label')}
          rules={[
            { required: true, whitespace: true, message: t('console.reason.required') },
            { min: 2, message: t('console.reason.tooShort', { min: 2 }) },
          ]}
        >
          <Input.TextArea
            maxLength={200}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder={t('console.reason.placeholder')}
          />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon title={props.description} />
      {failure && <Alert style={{ marginTop: 12 }} type="error" showIcon title={failure} role="alert" />}
    </Modal>
  );
}

function AwardDialog(props: { author: AuthorHit; badges: Badge[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const a = props.author;
  return (
    <ActionModal<{ badge_id: number }>
      title={t(`${r}.actions.awardTitle`, { penName: a.pen_name })}
      description={t(`${r}.actions.awardDesc`, { penName: a.pen_name })}
      okText={t(`${r}.actions.award`)}
      initial={{}}
      onClose={props.onClose}
      submit={async (v) => {
        await consolePost(
          `${BADGES_PATH}/award`,
          { account_id: a.account_id, badge_id: v.badge_id, reason: v.reason },
          { silent: true },
        );
        props.onDone();
        const title = props.badges.find((b) => b.id === v.badge_id)?.title ?? '';
        return t(`${r}.actions.awarded`, { penName: a.pen_name, title });
      }}
    >
      <Form.Item
        name="badge_id"
        label={t(`${r}.badge.title`)}
        rules={[{ required: true, message: t(`${r}.actions.badgeRequired`) }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'title' }}
          placeholder={t(`${r}.actions.badgePlaceholder`)}
          notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${r}.actions.noBadges`)} />}
          options={props.badges.map((b) => ({
            value: b.id,
            title: b.title,
            label: (
              <Space>
                <ImageWithFallback
                  src={firstImage(b.image)}
                  alt=""
                  width={24}
                  height={24}
                  style={{ objectFit: 'contain' }}
                />
                {b.title}
                {b.advance_text && <Typography.Text type="secondary">{b.advance_text}</Typography.Text>}
              </Space>
            ),
          }))}
        />
      </Form.Item>
    </ActionModal>
  );
}

function LevelDialog(props: { author: AuthorHit; onClose: () => void; onDone: (level: number) => void }) {
  const { t } = useTranslation();
  const levels = useLevels();
  const a = props.author;
  const [chosen, setChosen] = useState<number | null>(null);
  const catalogue = levels.data?.list ?? [];
  const description =
    chosen === null
      ? t(`${r}.actions.levelDesc`)
      : chosen > a.level
        ? t(`${r}.actions.levelUp`, { penName: a.pen_name, level: chosen })
        : t(`${r}.actions.levelDown`, { penName: a.pen_name, level: chosen });
  return (
    <ActionModal<{ level: number }>
      title={t(`${r}.actions.levelTitle`, { penName: a.pen_name, level: a.level })}
      description={description}
      okText={t(`${r}.actions.level`)}
      initial={{}}
      onClose={props.onClose}
      submit={async (v) => {
        await consolePost(
          LEVEL_CHANGES_PATH,
          { account_id: a.account_id, from_level: a.level, level: v.level, reason: v.reason },
          { silent: true },
        );
        props.onDone(v.level);
        return t(`${r}.actions.levelChanged`, { penName: a.pen_name, level: v.level });
      }}
    >
      {levels.isSuccess && catalogue.length === 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t(`${r}.actions.noLevels`)} />
      )}
      <Form.Item
        name="level"
        label={t(`${r}.level.level`)}
        rules={[
          { required: true, message: t(`${r}.level.levelRequired`) },
          {
            validator: (_, value?: number) =>
              value === a.level
                ? Promise.reject(new Error(t(`${r}.actions.sameLevel`, { level: a.level })))
                : Promise.resolve(),
          },
        ]}
      >
        <Select
          loading={levels.isPending}
          onChange={(value: number) => setChosen(value)}
          options={catalogue.map((l) => ({
            value: l.level,
            label: `Lv${l.level} · ${l.level_txt}${l.level === a.level ? t(`${r}.actions.current`) : ''}`,
          }))}
        />
      </Form.Item>
    </ActionModal>
  );
}

function GraduationDialog(props: { author: AuthorHit; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const a = props.author;
  return (
    <ActionModal<{ period_name: string; level: '1' | '2' }>
      title={t(`${r}.actions.graduateTitle`, { penName: a.pen_name })}
      description={t(`${r}.actions.graduateDesc`, { penName: a.pen_name })}
      okText={t(`${r}.actions.graduate`)}
      initial={{ level: '1' }}
      onClose={props.onClose}
      submit={async (v) => {
        await consolePost(
          GRADUATIONS_PATH,
          { account_id: a.account_id, period_name: v.period_name.trim(), level: v.level, reason: v.reason },
          { silent: true },
        );
        props.onDone();
        return t(`${r}.actions.graduated`, { penName: a.pen_name });
      }}
    >
      <Form.Item
        name="period_name"
        label={t(`${r}.graduation.period`)}
        rules={[{ required: true, whitespace: true, message: t(`${r}.graduation.periodRequired`) }]}
      >
        <Input maxLength={50} placeholder="第12期新人训练营" />
      </Form.Item>
      <Form.Item name="level" label={t(`${r}.graduation.level`)}>
        <Radio.Group
          options={[
            { value: '1', label: t(`${r}.graduation.levels.normal`) },
            { value: '2', label: t(`${r}.graduation.levels.excellent`) },
          ]}
        />
      </Form.Item>
    </ActionModal>
  );
}
