// The API reference page: reads /api/docs/openapi.json, lists each operation with its inputs, and sends
// "Try it" calls signed exactly as the web app signs them (the shared protocol module).
import { canonicalParams, REQ_INFO_PATH, SIGN_HEADER, sign } from '/api/docs/protocol.js';

const operations = document.getElementById('operations');
let secret = null;

async function fetchSecret() {
  const reply = await fetch(REQ_INFO_PATH, { credentials: 'same-origin' });
  secret = (await reply.json()).data.secret;
  return secret;
}

async function send(method, path, query, body) {
  const key = secret ?? (await fetchSecret());
  const t = Date.now();
  if (method === 'GET' || method === 'DELETE') {
    const params = { ...query, t };
    const search = new URLSearchParams({
      ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      sign: sign(key, method, path, canonicalParams(params), t),
    });
    return fetch(`${path}?${search}`, { method, credentials: 'same-origin' });
  }
  const raw = JSON.stringify({ ...body, t });
  const search = Object.keys(query).length ? `?${new URLSearchParams(query)}` : '';
  return fetch(`${path}${search}`, {
    method,
    credentials: 'same-origin',
    body: raw,
    headers: { 'content-type': 'application/json', [SIGN_HEADER]: sign(key, method, path, raw, t) },
  });
}

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

function exampleOf(schema) {
  if (!schema || typeof schema !== 'object') return null;
  if ('default' in schema) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return exampleOf(schema.anyOf[0]);
  if (schema.type === 'object')
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([k]) => (schema.required ?? []).includes(k))
        .map(([k, v]) => [k, exampleOf(v)]),
    );
  if (schema.type === 'array') return [];
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return false;
  return '';
}

function operationView(method, path, operation) {
  const fields = element('div');
  const pathInputs = {};
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
  for (const p of (operation.parameters ?? []).filter((p) => p.in === 'path')) {
    pathInputs[p.name] = element('input', { 'aria-label': p.name, placeholder: p.name });
    fields.append(element('label', {}, `${p.name} (path)`), pathInputs[p.name]);
  }
  const queryBox = element('textarea', { 'aria-label': 'query' });
  queryBox.value = JSON.stringify(
    Object.fromEntries(query.filter((p) => p.required).map((p) => [p.name, exampleOf(p.schema)])),
    null,
    2,
  );
  if (query.length)
    fields.append(
      element('label', {}, 'Query (JSON)'),
      element('pre', {}, JSON.stringify(Object.fromEntries(query.map((p) => [p.name, p.schema])), null, 2)),
      queryBox,
    );
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const bodyBox = element('textarea', { 'aria-label': 'body' });
  if (bodySchema) {
    bodyBox.value = JSON.stringify(exampleOf(bodySchema), null, 2);
    fields.append(
      element('label', {}, 'Body (JSON)'),
      element('pre', {}, JSON.stringify(bodySchema, null, 2)),
      bodyBox,
    );
  }
  const result = element('pre', {}, '');
  const button = element('button', { type: 'button' }, 'Try it');
  button.addEventListener('click', async () => {
    const url = path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(pathInputs[name]?.value ?? ''));
    try {
      const reply = await send(
        method,
        url,
        query.length ? JSON.parse(queryBox.value || '{}') : {},
        bodySchema ? JSON.parse(bodyBox.value || '{}') : {},
      );
      result.textContent = `${reply.status}\n${JSON.stringify(await reply.json().catch(() => null), null, 2)}`;
    } catch (error) {
      result.textContent = String(error);
    }
  });
  return element(
    'details',
    { 'data-path': path },
    element(
      'summary',
      {},
      element('span', { class: `method ${method}` }, method),
      path,
      element('span', { class: 'auth' }, operation['x-auth']),
    ),
    element('div', { class: 'body' }, element('p', {}, operation.description ?? ''), fields, button, result),
  );
}

const spec = await (await fetch('/api/docs/openapi.json')).json();
document.getElementById('intro').textContent = spec.info.description;
const byTag = new Map();
for (const [path, item] of Object.entries(spec.paths)) {
  for (const [method, operation] of Object.entries(item)) {
    const tag = operation.tags?.[0] ?? 'other';
    if (!byTag.has(tag)) byTag.set(tag, []);
    byTag.get(tag).push(operationView(method.toUpperCase(), path, operation));
  }
}
operations.replaceChildren(
  ...[...byTag].sort(([a], [b]) => a.localeCompare(b)).flatMap(([tag, views]) => [element('h2', {}, tag), ...views]),
);
document.getElementById('filter').addEventListener('input', (event) => {
  const text = event.target.value.toLowerCase();
  for (const node of operations.querySelectorAll('details'))
    node.hidden = !node.dataset.path.toLowerCase().includes(text);
});
