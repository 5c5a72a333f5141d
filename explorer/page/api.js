// The JSON API of `josekic explore` (docs/api.md): every number the page shows comes from here.

async function get(path, params) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params || {})) {
    if (Array.isArray(value)) value.forEach((v) => query.append(key, v));
    else if (value !== undefined && value !== null && value !== '') query.append(key, value);
  }
  const text = query.toString();
  const response = await fetch(path + (text ? '?' + text : ''));
  const body = await response.json();
  if (!response.ok) throw new Error(describeError(body));
  return body;
}

export function describeError(body) {
  let text = body.error || 'error';
  if (body.parameter) text = body.parameter + (body.column ? ', column ' + body.column : '') + ': ' + text;
  return text;
}

export const info = () => get('/api/info');
export const lookup = (mode, params) => get('/api/' + mode, params);
export const position = (params) => get('/api/position', params);
export const corner = (params) => get('/api/corner', params);
export const trends = (mode, params) => get('/api/trends/' + mode, params);
export const game = (id, move) => get('/api/games/' + encodeURIComponent(id), { move });

export async function review(file) {
  const response = await fetch('/api/review?name=' + encodeURIComponent(file.name), {
    method: 'POST',
    body: await file.arrayBuffer(),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(describeError(body));
  return body;
}
