import { BranchesOutlined } from '@ant-design/icons';
import type { BranchEntry } from '@author-centre/shared/home-api';
import { useQuery } from '@tanstack/react-query';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../platform/api.ts';

/** The branch list behind BranchInfo's button, read when the brand's environment is '0'. */
export function BranchTooltip() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['branch-info'],
    queryFn: ({ signal }) =>
      apiGet<{ list: BranchEntry[] }>('/api/pc/v1/global/branch-info', undefined, { signal, silent: true }),
    staleTime: 60_000,
  });
  const list = query.data?.list ?? [];
  const content = (
    <div className="ac-branch-info__list" data-testid="branch-info-list">
      <strong>{t('popups.branch.title')}</strong>
      {query.isError ? (
        <p>{t('popups.branch.failed')}</p>
      ) : list.length === 0 ? (
        <p>{query.isPending ? '…' : t('popups.branch.empty')}</p>
      ) : (
        <ul>
          {list.map((b) => (
            <li key={b.branchName} data-current={b.current ? 'true' : undefined}>
              <span>
                {b.branchName}
                {b.current && <em> ({t('popups.branch.current')})</em>}
              </span>
              <small>{t('popups.branch.lastMerge', { time: b.lastMergeTime })}</small>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <Tooltip title={content} placement="topLeft">
      <button type="button" className="ac-branch-info" data-testid="branch-info">
        <BranchesOutlined aria-hidden /> {t('popups.branch.label')}
      </button>
    </Tooltip>
  );
}
