import type { PopId } from '@author-centre/shared/constants';
import type { HomeModelList } from '@author-centre/shared/home-api';
import { type ReactNode, Suspense, startTransition, useEffect, useReducer, useRef } from 'react';
import { useLocation } from 'react-router';
import { lazyAntd } from '../app/antd-lazy.tsx';
import { askPenNameStatusAhead } from '../features/auth/pen-name-status.ts';
import { type AuthorProfile, useAuthorProfile } from '../platform/author-profile.ts';
import { useBrand } from '../platform/brand.tsx';
import { useHomeModels } from './api.ts';
import { track } from './every-page/tracker.ts';
import { ASKING_POPS, isPutOff, putOff } from './put-off.ts';
import { initialQueue, needsFrom, queueReducer, queueSettled } from './queue.ts';
import { type TimeZoneVerdict, useTimeZoneTip } from './time-zone.ts';

// Each pop is downloaded when the queue first shows it: a page whose author has nothing waiting (and
// the sign-in pages, where nobody is logged in) never loads their dialogs, images or fireworks.
const AccountSplitPop = lazyAntd(() => import('./auth-pops.tsx'), 'AccountSplitPop');
const CompleteInfoPop = lazyAntd(() => import('./complete-info-pop.tsx'), 'CompleteInfoPop');
const BeginnerGuideDialog = lazyAntd(() => import('../features/guides/BeginnerGuideDialog.tsx'), 'BeginnerGuideDialog');
const GraduateEnvelope = lazyAntd(() => import('./GraduateEnvelope.tsx'), 'GraduateEnvelope');
const BadgeEnvelope = lazyAntd(() => import('./BadgeEnvelope.tsx'), 'BadgeEnvelope');
const LevelUpgradePop = lazyAntd(() => import('./LevelUpgradePop.tsx'), 'LevelUpgradePop');
const TimeZoneTip = lazyAntd(() => import('./TimeZoneTip.tsx'), 'TimeZoneTip');

interface Snapshot {
  profile?: AuthorProfile;
  models?: HomeModelList;
  timeZone?: TimeZoneVerdict;
}

/**
 * The global pop-up queue of §4 on every /front page: one pop at a time in the order
 * account-split, 1, 10, 7, 3, 2, 4, 6, each when its rule needs it and it was not shown yet, and
 * only when the brand's layout config `appGlobalPop.show` is true. A pop keeps the data it opened
 * with, so its content does not change under the author's eyes when the profile refreshes.
 */
export function PopupQueue({ loggedIn, accountId }: { loggedIn: boolean; accountId: number | null }) {
  const brand = useBrand();
  const { pathname } = useLocation();
  const [state, dispatch] = useReducer(queueReducer, initialQueue);
  const enabled = loggedIn && brand.appGlobalPop?.show === true;
  const profile = useAuthorProfile(enabled);
  const models = useHomeModels(enabled);
  const timeZone = useTimeZoneTip(enabled);

  const account = useRef(accountId);
  useEffect(() => {
    if (account.current !== accountId) {
      account.current = accountId;
      dispatch({ type: 'reset' });
    }
  }, [accountId]);
  useEffect(() => dispatch({ type: 'enable', enabled }), [enabled]);
  useEffect(() => dispatch({ type: 'page', pathname }), [pathname]);
  useEffect(() => {
    if (!enabled) return;
    const needs = needsFrom({
      profile: profile.isError ? null : profile.data,
      homeModels: models.isError ? null : models.data,
      timeZoneTip: timeZone?.needed,
    });
    // A pop asking for an action that the author put off stays closed (decisions.md).
    for (const id of ASKING_POPS) if (needs[id] && accountId !== null && isPutOff(accountId, id)) needs[id] = false;
    // A transition: the pop that opens (a dialog of antd parts, rendered for the first time) is rendered in
    // slices between which the page stays responsive, not in one long task as the page loads.
    startTransition(() => dispatch({ type: 'needs', needs }));
  }, [enabled, accountId, profile.data, profile.isError, models.data, models.isError, timeZone?.needed]);

  const frozen = useRef<{ id: PopId | null; data: Snapshot }>({ id: null, data: {} });
  if (frozen.current.id !== state.current) {
    frozen.current = { id: state.current, data: { profile: profile.data, models: models.data, timeZone } };
  }
  const data = frozen.current.data;
  const close = () => {
    if (state.current && ASKING_POPS.includes(state.current) && accountId !== null) putOff(accountId, state.current);
    dispatch({ type: 'close' });
  };

  const pop = state.current ? renderPop(state.current, data, close) : null;

  useEffect(() => {
    if (state.current) track('popup_show', { pop: state.current });
    // The binding dialog's own call goes out while the dialog downloads, not after.
    if (state.current === 'account-split') askPenNameStatusAhead();
  }, [state.current]);
  // A pop whose data vanished before it could render gives way to the next.
  useEffect(() => {
    if (state.current && pop === null) dispatch({ type: 'close' });
  }, [state.current, pop]);

  // Tells a watcher (the browser tests) that no pop is on its way, so it need not wait and see.
  const settled = queueSettled(state);
  useEffect(() => {
    if (!settled) return;
    document.documentElement.dataset.popQueue = 'settled';
    return () => {
      delete document.documentElement.dataset.popQueue;
    };
  }, [settled]);

  return pop && <Suspense fallback={null}>{pop}</Suspense>;
}

function renderPop(id: PopId, data: Snapshot, close: () => void): ReactNode {
  const { profile, models, timeZone } = data;
  switch (id) {
    case 'account-split':
      return models?.account_split_model.length ? (
        <AccountSplitPop accounts={models.account_split_model} onClose={close} />
      ) : null;
    case '1':
      return <CompleteInfoPop onClose={close} />;
    case '10':
      return <BeginnerGuideDialog open auto onClose={close} />;
    case '7':
      return profile?.new_user_graduate?.list.length ? (
        <GraduateEnvelope items={profile.new_user_graduate.list} onClose={close} />
      ) : null;
    case '3':
      return profile?.badges?.list.length ? <BadgeEnvelope data={profile.badges} onClose={close} /> : null;
    case '2':
      return profile?.author_level_upgrade?.list.length ? (
        <LevelUpgradePop source="level-change" items={profile.author_level_upgrade.list} onClose={close} />
      ) : null;
    case '4':
      return models?.common_model.length ? (
        <LevelUpgradePop source="home-model" items={models.common_model} onClose={close} />
      ) : null;
    case '6':
      return timeZone?.needed ? (
        <TimeZoneTip ipZone={timeZone.ipZone} deviceZone={timeZone.deviceZone} onClose={close} />
      ) : null;
  }
}
