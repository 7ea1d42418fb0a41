import { type ComponentProps, type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { stringsReady } from '../i18n/index.ts';

/** antd with the app's locale and brand theme (app/AntdScope.tsx), as a chunk of its own. */
export const loadAntdScope = () => import('./AntdScope.tsx');

/**
 * A named export that uses antd, as a lazily loaded component: its module and AntdScope download
 * together the first time it renders, and it renders inside the scope. Render it inside <Suspense>.
 */
export function lazyAntd<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType<ComponentProps<M[K]>>> {
  return lazy(async () => {
    const [module, { AntdScope }] = await Promise.all([load(), loadAntdScope()]);
    await stringsReady(); // the English strings of what it imported, when the app is in English
    const Component: ComponentType<any> = module[name];
    return {
      default: (props: ComponentProps<M[K]>) => (
        <AntdScope>
          <Component {...props} />
        </AntdScope>
      ),
    };
  });
}
