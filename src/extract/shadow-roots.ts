/**
 * Open shadow roots, as a reader sees them. Readability, `cloneNode` and
 * `outerHTML` see only the light DOM: an article a web component renders in
 * its shadow root (declaratively, `<template shadowrootmode="open">`, or from
 * script, `attachShadow({mode: 'open'})`) is not in it. `composedCopy` builds
 * a copy of the document as it is rendered: each host holds its open shadow
 * root's content, and each `<slot>` the light nodes assigned to it (or its
 * fallback content). Closed shadow roots stay invisible: a page closes one
 * precisely so that no script, ours included, reads it (docs/privacy.md).
 *
 * DOM-only, no globals: runs on the page's live DOM in the content script and
 * on linkedom documents in Node, where declarative roots stay `<template>`
 * elements (as in any document parsed without a browser's tree builder).
 */

/** Caps on the copy (the content script passes its reading budget, src/page-reading/page-budget.ts). */
export interface CopyLimits {
  /** Nodes (text nodes included) in the copy. */
  maxNodes: number;
  maxElements: number;
  /** Nesting below the root element. */
  maxDepth: number;
  /** Characters of text. */
  maxTextChars: number;
}

const UNLIMITED: CopyLimits = { maxNodes: Infinity, maxElements: Infinity, maxDepth: Infinity, maxTextChars: Infinity };

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/**
 * The open shadow root of `element`: the attached one, or a declarative one
 * the parser left as a `<template shadowrootmode="open">` first child.
 */
export function openShadowRoot(element: Element): ParentNode | undefined {
  // `shadowRoot` is null for a closed root: invisible by design.
  if (element.shadowRoot) return element.shadowRoot;
  const first = element.firstElementChild;
  return first !== null && isDeclarativeRoot(first) && first.getAttribute('shadowrootmode')?.toLowerCase() === 'open'
    ? (first as HTMLTemplateElement).content
    : undefined;
}

/** A `<template shadowrootmode>` left in the tree (parsed without a browser, or by DOMParser): a shadow root, never content. */
export function isDeclarativeRoot(node: Node): boolean {
  return node.nodeType === ELEMENT_NODE && (node as Element).localName === 'template' && (node as Element).hasAttribute('shadowrootmode');
}

/** Whether any element of `doc` has an open shadow root (one walk over the elements). */
export function hasOpenShadowRoots(doc: Document): boolean {
  const root = doc.documentElement;
  if (!root) return false;
  for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) if (openShadowRoot(element)) return true;
  return false;
}

/**
 * The slots of one shadow tree and the light nodes assigned to each; those
 * nodes belong to the tree their host is in, whose slots are `outer`'s.
 */
interface SlotScope {
  assigned: Map<Element, Node[]>;
  outer: SlotScope | undefined;
}

/**
 * Which of `host`'s light children each `<slot>` of `root` shows: elements
 * with `slot="name"` go to the first slot of that name, everything else
 * (text included) to the first slot without a name; unmatched nodes are not
 * rendered. A root that assigns its slots by hand (`slotAssignment:
 * 'manual'`) is asked instead.
 */
function assignSlots(host: Element, root: ParentNode): Map<Element, Node[]> {
  const slots = Array.from(root.querySelectorAll('slot'));
  const assigned = new Map<Element, Node[]>();
  if ((root as ShadowRoot).slotAssignment === 'manual') {
    for (const slot of slots) assigned.set(slot, (slot as HTMLSlotElement).assignedNodes());
    return assigned;
  }
  const byName = new Map<string, Element>();
  for (const slot of slots) {
    const name = slot.getAttribute('name') ?? '';
    if (!byName.has(name)) byName.set(name, slot);
  }
  for (const child of Array.from(host.childNodes)) {
    if (isDeclarativeRoot(child)) continue;
    const name = child.nodeType === ELEMENT_NODE ? ((child as Element).getAttribute('slot') ?? '') : '';
    const slot = byName.get(name);
    if (!slot) continue;
    const nodes = assigned.get(slot) ?? [];
    nodes.push(child);
    assigned.set(slot, nodes);
  }
  return assigned;
}

/**
 * A copy of `doc` in which every open shadow root's content stands in its
 * host, slots filled as rendered; the light children of a host are kept only
 * where a slot shows them. Comments are dropped. Undefined when the copy
 * would exceed `limits` (it stops there: a page cannot make it copy more).
 * Iterative, so a deep tree does not exhaust the stack.
 */
export function composedCopy(doc: Document, limits: CopyLimits = UNLIMITED): Document | undefined {
  const source = doc.documentElement;
  if (!source) return doc.cloneNode(true) as Document;
  const copy = doc.cloneNode(false) as Document;
  if (doc.doctype) copy.appendChild(doc.doctype.cloneNode(false));

  let nodes = 0;
  let elements = 0;
  let text = 0;
  /** Nodes left to copy, each with the parent its copy goes into, its depth and the slots of the shadow tree it is in. */
  const stack: Array<{ node: Node; parent: Node; depth: number; slots: SlotScope | undefined }> = [{ node: source, parent: copy, depth: 0, slots: undefined }];
  const pushChildren = (children: Node[], parent: Node, depth: number, slots: SlotScope | undefined) => {
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i] as Node, parent, depth, slots });
  };

  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, parent, depth, slots } = item;
    if (node.nodeType === TEXT_NODE) {
      text += (node as CharacterData).length;
      if (++nodes > limits.maxNodes || text > limits.maxTextChars) return undefined;
      parent.appendChild(node.cloneNode(false));
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE || isDeclarativeRoot(node)) continue;
    const element = node as Element;
    if (element.localName === 'slot' && slots !== undefined) {
      // A slot shows its assigned nodes in its place (it is `display: contents`), else its fallback.
      const assigned = slots.assigned.get(element);
      if (assigned) pushChildren(assigned, parent, depth, slots.outer);
      else pushChildren(Array.from(element.childNodes), parent, depth, slots);
      continue;
    }
    if (++nodes > limits.maxNodes || ++elements > limits.maxElements || depth > limits.maxDepth) return undefined;
    const clone = parent.appendChild(element.cloneNode(false));
    const shadow = openShadowRoot(element);
    if (shadow) pushChildren(Array.from(shadow.childNodes), clone, depth + 1, { assigned: assignSlots(element, shadow), outer: slots });
    else pushChildren(Array.from(element.childNodes), clone, depth + 1, slots);
  }
  return copy;
}
