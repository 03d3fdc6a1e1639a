import { byId } from '../../src/ui/dom';

const PANELS = ['history', 'reposts', 'mine', 'settings'] as const;
export type Panel = (typeof PANELS)[number];

/** The page's panels as tabs, selected by the URL fragment so links and reloads keep the place; `onShow` hears which is shown. */
export function initTabs(onShow: (panel: Panel) => void = () => undefined): void {
  const select = () => {
    const current = PANELS.find((id) => `#${id}` === location.hash) ?? 'history';
    for (const id of PANELS) {
      byId(id).hidden = id !== current;
      const tab = byId(`tab-${id}`);
      tab.setAttribute('aria-selected', String(id === current));
      tab.classList.toggle('active', id === current);
    }
    onShow(current);
  };
  window.addEventListener('hashchange', select);
  select();
}
