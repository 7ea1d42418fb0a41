import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost, type ListPage } from '../../../console/console-api.ts';
import { errorMessage } from '../../../platform/api-reactions.ts';
import { toast } from '../../../platform/notify.ts';
import { HELP_API, type HelpArticleRow } from './help-console-api.ts';
import './i18n.ts';

/**
 * "Add to an article": a question the help centre found nothing for becomes one of the ways of asking of the
 * article that answers it (help_articles.asked), so search and the AI assistant find that article for it. The
 * admin finds the article by words of its title, keywords or text; a refusal from the server stays in the dialog.
 */
export function AddAskedDialog(props: { question: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<HelpArticleRow | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const open = props.question !== null;
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const articles = useQuery({
    queryKey: [CONSOLE_QUERY_ROOT, HELP_API.articles, 'add-asked', keyword],
    queryFn: ({ signal }) =>
      consoleGet<ListPage<HelpArticleRow>>(
        HELP_API.articles,
        { keyword, state: 'published', page: 1, page_size: 20 },
        { signal, silent: true },
      ),
    enabled: open,
  });
  const close = () => {
    setText('');
    setChosen(null);
    setFailure(null);
    props.onClose();
  };
  const add = async () => {
    if (!chosen || props.question === null) return;
    setPending(true);
    setFailure(null);
    try {
      const result = await consolePost<{ added: boolean }>(
        HELP_API.articleAddAsked,
        { id: chosen.id, question: props.question },
        { silent: true },
      );
      toast.success(
        t(result.added ? 'console.help.addAsked.added' : 'console.help.addAsked.already', { title: chosen.title }),
      );
      await queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, HELP_API.nothingFound] });
      close();
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('console.help.addAsked.title')}
      okText={t('console.help.addAsked.ok')}
      okButtonProps={{ disabled: !chosen, loading: pending }}
      onOk={add}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('console.help.addAsked.desc', { question: props.question ?? '' })}</Typography.Paragraph>
      <Select<number>
        aria-label={t('console.help.addAsked.article')}
        placeholder={t('console.help.addAsked.article')}
        style={{ width: '100%' }}
        showSearch={{ filterOption: false, onSearch: setText }}
        loading={articles.isFetching}
        value={chosen?.id}
        options={(articles.data?.list ?? []).map((a) => ({ value: a.id, label: `${a.ids} ${a.title}` }))}
        onChange={(id) => setChosen(articles.data?.list.find((a) => a.id === id) ?? null)}
        notFoundContent={
          articles.isFetching
            ? t('console.help.addAsked.searching')
            : articles.isError
              ? t('console.help.addAsked.failed')
              : t('console.help.addAsked.none')
        }
      />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 16 }} />}
    </Modal>
  );
}
