import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A named export as a lazily loaded component: its module (and whatever only it imports) becomes a
 * chunk of its own, downloaded the first time the component renders. Render it inside <Suspense>.
 */
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
