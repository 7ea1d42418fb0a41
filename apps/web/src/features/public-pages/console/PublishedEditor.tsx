import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, type FormInstance, Input, Radio, Result, Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CONSOLE_BASE } from '../../../console/ConsoleLayout.tsx';
import { ConsolePage } from '../../../console/ConsolePage.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost } from '../../../console/console-api.ts';
import { useConsoleSubmit } from '../../../console/useConsoleSubmit.tsx';
import { beijingInstant } from '../../../platform/beijing-time.ts';
import { toast } from '../../../platform/notify.ts';
import './i18n.ts';

/**
 * What the console's activity and article editors share: the item loaded by the id in the address, a save that
 * sends the publishing fields (state, time, reason) with the page's own, and those publishing fields on screen.
 */

/** A page the console publishes: a draft or published, shown from `publish_at`. */
export interface Published {
  id: number;
  state: 'draft' | 'published';
  publish_at: number;
}

/** The publishing fields of a form's values. */
export interface PublishingValues {
  state: Published['state'];
  publish_at: Dayjs;
  reason?: string;
}

/** The console's public-pages text by key. */
export function usePublicPagesText() {
  const { t } = useTranslation();
  return (key: string, o: Record<string, unknown> = {}) => t(`console.publicPages.${key}`, o);
}

/** `/admin/<kind>/new` and `/admin/<kind>/:id`: loads the item (a skeleton meanwhile, 404 if gone) and shows its form. */
export function PublishedEditorPage<T extends Published>(props: {
  detail: string;
  title: string;
  newTitle: string;
  children: (item: T | null) => ReactNode;
}) {
  const k = usePublicPagesText();
  const id = Number(useParams().id) || null;
  const item = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, props.detail, id],
    queryFn: ({ signal }) => consoleGet<T>(props.detail, { id }, { signal, silent: true }),
    enabled: id !== null,
    retry: false,
  });
  const title = id ? props.title : props.newTitle;
  let body: ReactNode;
  if (id && item.isPending) body = <Skeleton active />;
  else if (id && !item.data) body = <Result status="404" title={k('notFound')} />;
  else body = props.children(item.data ?? null);
  return <ConsolePage title={title}>{body}</ConsolePage>;
}

/**
 * Saves through `/api/admin/<kind>/save` with the publishing fields added to the page's `body`; a refusal is shown
 * under its field (`fieldOf`), a success is announced and a new item's address becomes its own.
 */
export function usePublishedSave<V extends PublishingValues>(
  form: FormInstance<V>,
  options: {
    kind: 'activities' | 'articles';
    item: Published | null;
    fieldOf: Record<string, keyof V & string>;
    body: (values: V) => Record<string, unknown>;
  },
) {
  const k = usePublicPagesText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { submit, pending, failureAlert } = useConsoleSubmit(form, { ...options.fieldOf, publish_at: 'publish_at' });
  const save = async (values: V) => {
    let savedId = options.item?.id;
    const ok = await submit(async () => {
      const res = await consolePost<{ id: number }>(
        `/api/admin/${options.kind}/save`,
        {
          ...(options.item ? { id: options.item.id } : {}),
          ...options.body(values),
          state: values.state,
          publish_at: beijingInstant(values.publish_at),
          reason: values.reason ?? '',
        },
        { silent: true },
      );
      savedId = res.id;
    });
    if (!ok) return;
    toast.success(k('saved'));
    await queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT] });
    if (!options.item) navigate(`${CONSOLE_BASE}/${options.kind}/${savedId}`, { replace: true });
  };
  return { save, pending, failureAlert };
}

/** The form's last part: draft or published, when it shows, the reason for the log, any refusal, and Save. */
export function PublishingFields({ pending, failureAlert }: { pending: boolean; failureAlert: ReactNode }) {
  const k = usePublicPagesText();
  return (
    <>
      <Form.Item name="state" label={k('fields.state')}>
        <Radio.Group options={(['draft', 'published'] as const).map((v) => ({ value: v, label: k(`states.${v}`) }))} />
      </Form.Item>
      <Form.Item name="publish_at" label={k('fields.publishAt')} extra={k('publishHelp')} rules={[{ required: true }]}>
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
      <Form.Item name="reason" label={k('fields.reason')}>
        <Input maxLength={200} />
      </Form.Item>
      {failureAlert}
      <Button type="primary" htmlType="submit" loading={pending} style={{ marginTop: 12 }}>
        {k('save')}
      </Button>
    </>
  );
}
