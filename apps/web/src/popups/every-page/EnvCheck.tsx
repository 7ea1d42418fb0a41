import { TIMERS } from '@author-centre/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyWarning } from '../../platform/notify.ts';
import { CHECK_ENV_QUERY_KEY, fetchEnvCheck } from '../time-zone.ts';

/**
 * The environment check (§4): GLOBAL_CHECK_ENV every 300000 ms, stopping when env is 1 (then the
 * author is warned once) or when a check fails.
 */
export function EnvCheck() {
  const { t } = useTranslation();
  const warned = useRef(false);
  const query = useQuery({
    queryKey: CHECK_ENV_QUERY_KEY,
    queryFn: ({ signal }) => fetchEnvCheck(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchInterval: (q) => (q.state.status === 'error' || q.state.data?.env === 1 ? false : TIMERS.envCheckIntervalMs),
    // Every 300000 ms as §4 says, also while the tab is hidden: react-query otherwise skips an interval's check
    // whenever document.visibilityState is 'hidden', so a tab left in the background was never checked.
    refetchIntervalInBackground: true,
  });
  const env = query.data?.env;
  const ip = query.data?.ip ?? '';
  useEffect(() => {
    if (env !== 1 || warned.current) return;
    warned.current = true;
    notifyWarning({
      key: 'env-check',
      message: t('popups.env.title'),
      description: t('popups.env.text', { ip }),
      duration: 0,
      placement: 'topRight',
    });
  }, [env, ip, t]);
  return null;
}
