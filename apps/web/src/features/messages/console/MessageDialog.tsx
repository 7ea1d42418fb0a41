import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { consolePost } from '../../../console/console-api.ts';
import { useConsoleSubmit } from '../../../console/useConsoleSubmit.tsx';
import { toast } from '../../../platform/notify.ts';
import { type AuthorHit, AuthorPicker } from '../../rewards/console/AuthorPicker.tsx';
import { MESSAGE_CATEGORIES, MESSAGES_PATH } from './notices-api.ts';
import './i18n.ts';

interface FormValues {
  author: AuthorHit | null;
  category: (typeof MESSAGE_CATEGORIES)[number];
  title: string;
  content: string;
  link?: string;
  sender?: string;
}

const FIELDS: Record<string, keyof FormValues> = {
  account_id: 'author',
  pen_name: 'author',
  category: 'category',
  title: 'title',
  content: 'content',
  link: 'link',
  sender: 'sender',
};

/** Sends a message to one author of the brand (their message centre and header count). */
export function MessageDialog(props: {
  open: boolean;
  author?: AuthorHit | null;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const { submit, modalProps, failureAlert } = useConsoleSubmit(form, FIELDS);
  const m = 'console.messages';

  const send = async (v: FormValues) => {
    const author = v.author;
    if (!author) return;
    const sent = await submit(() =>
      consolePost(
        MESSAGES_PATH,
        {
          account_id: author.account_id,
          category: v.category,
          title: v.title.trim(),
          content: v.content.trim(),
          link: v.link?.trim() ?? '',
          sender: v.sender?.trim() ?? '',
        },
        { silent: true },
      ),
    );
    if (!sent) return;
    toast.success(t(`${m}.sent`, { penName: author.pen_name }));
    form.resetFields();
    props.onSent();
    props.onClose();
  };

  return (
    <Modal
      open={props.open}
      width={620}
      title={t(`${m}.new`)}
      okText={t(`${m}.send`)}
      cancelText={t(`${m}.cancel`)}
      {...modalProps(props.onClose)}
      destroyOnHidden
      onOk={() => form.submit()}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ author: props.author ?? null, category: 'editor', title: '', content: '' }}
        onFinish={(v) => void send(v)}
      >
        <Form.Item
          name="author"
          label={t(`${m}.fields.author`)}
          rules={[{ required: true, message: t(`${m}.authorRequired`) }]}
        >
          <AuthorPicker autoFocus />
        </Form.Item>
        <Form.Item name="category" label={t(`${m}.fields.category`)}>
          <Select
            style={{ width: 160 }}
            options={MESSAGE_CATEGORIES.map((c) => ({ value: c, label: t(`${m}.categories.${c}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t(`${m}.fields.title`)}
          rules={[{ required: true, whitespace: true, message: t(`${m}.titleRequired`) }]}
        >
          <Input maxLength={60} showCount />
        </Form.Item>
        <Form.Item
          name="content"
          label={t(`${m}.fields.content`)}
          extra={t(`${m}.contentHelp`)}
          rules={[{ required: true, whitespace: true, message: t(`${m}.contentRequired`) }]}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={5000} showCount />
        </Form.Item>
        <Form.Item
          name="link"
          label={t(`${m}.fields.link`)}
          extra={t(`${m}.linkHelp`)}
          rules={[{ pattern: /^(\/(?!\/)|https:\/\/)/, message: t(`${m}.linkInvalid`) }]}
        >
          <Input maxLength={500} placeholder="/front/book-manage/list" />
        </Form.Item>
        <Form.Item name="sender" label={t(`${m}.fields.sender`)} extra={t(`${m}.senderHelp`)}>
          <Input maxLength={30} />
        </Form.Item>
      </Form>
      {failureAlert}
    </Modal>
  );
}
