/** Small DOM builder for the extension pages: no framework, no innerHTML. */

type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | number | boolean | undefined | EventListener>;

/**
 * `h('a', { href, class: 'link' }, 'text')`. Attributes starting with "on" are
 * event listeners; `false`/`undefined` attributes and children are skipped.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...children.filter((child): child is Node | string => child !== null && child !== undefined && child !== false));
  return element;
}

/** The element with this id, which the page's HTML must contain. */
export function byId<T extends HTMLElement = HTMLElement>(id: string, root: Document = document): T {
  const element = root.getElementById(id);
  if (!element) throw new Error(`missing #${id}`);
  return element as T;
}

/**
 * Link to a page the user read, opened in a new tab without leaking the
 * extension's origin. Callers pass only http(s) URLs (`isLinkable`); the text
 * is the page's title, isolated (`dir="auto"`) so its bidi characters stay inside it.
 */
export function externalLink(href: string, text: string, className?: string): HTMLAnchorElement {
  return h('a', { href, target: '_blank', rel: 'noopener noreferrer', class: className, dir: 'auto' }, text);
}
