import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a part a screen can do without (an offer, an extra button): when its script
 * cannot be loaded, the part is left out instead of the failure reaching the route's error
 * screen and taking the whole page down with it.
 */
export function optionalLazy<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  return lazy<ComponentType<Props>>(() => load().catch(() => ({ default: () => null })));
}
