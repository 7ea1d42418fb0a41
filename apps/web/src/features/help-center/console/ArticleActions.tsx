import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONSOLE_QUERY_ROOT, consolePost } from '../../../console/console-api.ts';
import { ReasonModal } from '../../../console/ReasonModal.tsx';
import { toast } from '../../../platform/notify.ts';
import { HELP_API } from './help-console-api.ts';
import './i18n.ts';

export interface ArticleRef {
  id: number;
  ids: string | null;
  title: string;
  status: 0 | 1;
}

export type ArticleAction = { kind: 'publish' | 'unpublish' | 'delete'; article: ArticleRef };

/**
 * The confirm of publishing, taking down or deleting an article: says what changes for authors,
 * search and the AI assistant before it is done. Taking down and deleting ask for a reason (the
 * audit log keeps it). A refusal from the server stays in the dialog.
 */
export function ArticleActionDialog(props: {
  action: ArticleAction | null;
  onClose: () => void;
  onDone?: (action: ArticleAction) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const action = props.action;
  const a = action?.article;
  const vars = { title: a?.title ?? '', ids: a?.ids ?? '', id: a?.id ?? '' };
  const kind = action?.kind ?? 'publish';

  return (
    <ReasonModal
      open={action !== null}
      danger={kind !== 'publish'}
      title={t(`console.help.articles.${kind}Title`, vars)}
      description={t(`console.help.articles.${kind}Desc`, vars)}
      okText={t(`console.help.articles.${kind}`)}
      reasonRequired={kind !== 'publish'}
      onClose={props.onClose}
      onSubmit={async (reason) => {
        if (!action || !a) return;
        if (kind === 'delete') {
          await consolePost(HELP_API.articleDelete, { id: a.id, reason }, { silent: true });
          toast.success(t('console.help.articles.deleted'));
        } else {
          const status = kind === 'publish' ? 1 : 0;
          await consolePost(
            HELP_API.articleStatus,
            { id: a.id, status, ...(reason ? { reason } : {}) },
            { silent: true },
          );
          toast.success(
            t(kind === 'publish' ? 'console.help.articles.published' : 'console.help.articles.unpublished'),
          );
        }
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, HELP_API.articles] }),
          queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, HELP_API.article, a.id] }),
          queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_ROOT, HELP_API.categories] }),
        ]);
        props.onDone?.(action);
      }}
    />
  );
}
