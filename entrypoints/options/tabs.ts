import { byId } from '../../src/ui/dom';

const PANELS = ['history', 'mine', 'settings'] as const;

/** History, My articles and Settings as tabs, selected by the URL fragment so links and reloads keep the place. */
export function initTabs(): void {
  const select = () => {
    const current = PANELS.find((id) => `#${id}` === location.hash) ?? 'history';
    for (const id of PANELS) {
      byId(id).hidden = id !== current;
      const tab = byId(`tab-${id}`);
      tab.setAttribute('aria-selected', String(id === current));
      tab.classList.toggle('active', id === current);
    }
  };
  window.addEventListener('hashchange', select);
  select();
}
