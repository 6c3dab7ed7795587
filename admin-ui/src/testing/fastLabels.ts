// Makes jsdom's label lookup cheaper in the panel's tests, without changing what it answers.
//
// Testing Library names a field by its label: getByLabelText and getByRole(..., { name }) read `labels` of every
// field they look at. jsdom finds those by walking the whole document and asking each <label> for its control,
// and a label with a `for` finds its control by walking the whole document again, looking for the id. A settings
// form has some forty labelled fields in a page of thousands of elements, so one query walked the document about
// forty times per field: a fifth of the settings tests' CPU went there.
//
// Here a label with a `for`, in a document, finds its control through the document's index of ids, which jsdom
// keeps anyway (getElementById). When several elements carry that id the index's order need not be the document's,
// so the walk of before answers. This touches jsdom's internals; if a jsdom version no longer has them, nothing is
// changed and tests only run slower.

const FAST = Symbol.for('svp.fastLabels');

type Impl = {
  nodeType: number;
  namespaceURI: string | null;
  localName: string;
  type?: string;
  _ceDefinition?: { formAssociated?: boolean } | null;
  hasAttributeNS(namespace: null, name: string): boolean;
  getAttributeNS(namespace: null, name: string): string | null;
  getRootNode(options: object): Impl;
  _ids?: Record<string, Impl[] | undefined>;
  getElementById?(id: string): Impl | null;
};

function implOf(wrapper: object): Impl | undefined {
  const symbol = Object.getOwnPropertySymbols(wrapper).find((s) => s.description === 'impl');
  return symbol ? (wrapper as Record<symbol, Impl>)[symbol] : undefined;
}

/** The elements a label may name, as jsdom tells them (helpers/form-controls.js, isLabelable). */
function isLabelable(node: Impl): boolean {
  if (node.nodeType !== 1 || node.namespaceURI !== 'http://www.w3.org/1999/xhtml') return false;
  switch (node.localName) {
    case 'button':
    case 'meter':
    case 'output':
    case 'progress':
    case 'select':
    case 'textarea':
      return true;
    case 'input':
      return node.type !== 'hidden';
  }
  return !!node._ceDefinition?.formAssociated;
}

export function fastLabels(): void {
  if (typeof document === 'undefined') return;
  const label = implOf(document.createElement('label'));
  const proto = label && (Object.getPrototypeOf(label) as (object & { [FAST]?: true }) | null);
  const control = proto && Object.getOwnPropertyDescriptor(proto, 'control');
  if (!proto || proto[FAST] || !control?.get) return;
  const walk = control.get;
  Object.defineProperty(proto, FAST, { value: true });
  Object.defineProperty(proto, 'control', {
    ...control,
    get(this: Impl) {
      const id = this.hasAttributeNS(null, 'for') ? this.getAttributeNS(null, 'for') : null;
      if (!id) return walk.call(this);
      const root = this.getRootNode({});
      const candidates = root.nodeType === 9 ? root._ids?.[id] : undefined;
      if (candidates?.length !== 1 || typeof root.getElementById !== 'function') return walk.call(this);
      const element = root.getElementById(id);
      return element && isLabelable(element) ? element : null;
    },
  });
}
