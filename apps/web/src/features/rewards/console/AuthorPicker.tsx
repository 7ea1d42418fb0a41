import { useQuery } from '@tanstack/react-query';
import { Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSOLE_QUERY_ROOT, consoleGet } from '../../../console/console-api.ts';
import './i18n.ts';

/** An author of the brand as the pen-name lookup answers. */
export interface AuthorHit {
  account_id: number;
  pen_name: string;
  level: number;
  sign_flag: number;
  is_learner: number;
}

const LOOKUP_PATH = '/api/admin/rewards/author-lookup';

/** The brand's authors whose pen name starts with the text (or whose account id it is), 20 at most. */
export function useAuthorLookup(text: string) {
  const [q, setQ] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);
  return useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, LOOKUP_PATH, q],
    queryFn: ({ signal }) => consoleGet<{ list: AuthorHit[] }>(LOOKUP_PATH, { q }, { signal, silent: true }),
    enabled: q.length > 0,
    staleTime: 10_000,
  });
}

export function AuthorTags({ author }: { author: AuthorHit }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Tag>Lv{author.level}</Tag>
      {author.sign_flag === 1 && <Tag color="orange">{t('console.rewards.author.signed')}</Tag>}
      {author.is_learner === 1 && <Tag color="blue">{t('console.rewards.author.learner')}</Tag>}
    </Space>
  );
}

/** Picks one author of the brand by pen name (or account id), searching as the staff member types. */
export function AuthorPicker(props: {
  value?: AuthorHit | null;
  onChange?: (author: AuthorHit | null) => void;
  placeholder?: string;
  id?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const lookup = useAuthorLookup(text);
  const hits = lookup.data?.list ?? [];
  const options = [
    ...(props.value ? [props.value] : []),
    ...hits.filter((h) => h.account_id !== props.value?.account_id),
  ];
  return (
    <Select<number>
      id={props.id}
      autoFocus={props.autoFocus}
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear
      style={{ width: '100%' }}
      placeholder={props.placeholder ?? t('console.rewards.author.placeholder')}
      value={props.value?.account_id}
      loading={lookup.isFetching}
      notFoundContent={
        text.trim()
          ? lookup.isFetching
            ? t('console.rewards.author.searching')
            : lookup.isError
              ? t('console.rewards.author.failed')
              : t('console.rewards.author.none')
          : t('console.rewards.author.typeToSearch')
      }
      options={options.map((a) => ({
        value: a.account_id,
        label: (
          <Space>
            <span>{a.pen_name}</span>
            <span style={{ color: '#999' }}>ID {a.account_id}</span>
            <AuthorTags author={a} />
          </Space>
        ),
      }))}
      onChange={(id) => props.onChange?.(options.find((a) => a.account_id === id) ?? null)}
    />
  );
}

/** Names several authors: picked from the lookup, or pen names pasted (comma, space or line separated). */
export function PenNamesPicker(props: { value?: string[]; onChange?: (names: string[]) => void; id?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const lookup = useAuthorLookup(text);
  return (
    <Select<string[]>
      id={props.id}
      mode="tags"
      style={{ width: '100%' }}
      tokenSeparators={[',', '，', '、', ' ', '\n']}
      placeholder={t('console.rewards.author.penNames')}
      value={props.value}
      onChange={(names) => props.onChange?.(names.map((n) => n.trim()).filter(Boolean))}
      showSearch={{ filterOption: false, onSearch: setText }}
      options={(lookup.data?.list ?? []).map((a) => ({ value: a.pen_name, label: a.pen_name }))}
    />
  );
}
