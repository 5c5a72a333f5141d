// The 19x19 board as SVG: stones, the last move, and continuation markers (a letter in a
// circle whose size and shade tell the share). Points are SGF letters: "aa" top-left.

const SVG = 'http://www.w3.org/2000/svg';
const SIZE = 19;
const CELL = 30;
const MARGIN = 30;
const LETTERS = 'ABCDEFGHJKLMNOPQRST';

// An SVG element with its attributes, appended to `parent` when given.
function el(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

export { el as svgElement };

export const pointXY = (p) => [p.charCodeAt(0) - 97, p.charCodeAt(1) - 97];
export const xyPoint = (x, y) => String.fromCharCode(97 + x) + String.fromCharCode(97 + y);
export const gtp = (p) => { const [x, y] = pointXY(p); return LETTERS[x] + (SIZE - y); };

// Plays `moves` ([{color: 'B'|'W', point: 'pd' | null}]) from `setup` with captures; returns
// a map point -> colour.
export function position(moves, setup = { black: [], white: [] }) {
  const stones = new Map();
  setup.black.forEach((p) => stones.set(p, 'B'));
  setup.white.forEach((p) => stones.set(p, 'W'));
  const neighbours = (p) => {
    const [x, y] = pointXY(p);
    return [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]]
      .filter(([a, b]) => a >= 0 && b >= 0 && a < SIZE && b < SIZE).map(([a, b]) => xyPoint(a, b));
  };
  const group = (p) => {
    const colour = stones.get(p); const seen = new Set([p]); const todo = [p]; let free = false;
    while (todo.length) {
      for (const n of neighbours(todo.pop())) {
        if (!stones.has(n)) free = true;
        else if (stones.get(n) === colour && !seen.has(n)) { seen.add(n); todo.push(n); }
      }
    }
    return { seen, free };
  };
  for (const m of moves) {
    if (!m.point) continue;
    stones.set(m.point, m.color);
    for (const n of neighbours(m.point)) {
      if (stones.has(n) && stones.get(n) !== m.color) {
        const g = group(n);
        if (!g.free) g.seen.forEach((q) => stones.delete(q));
      }
    }
    const own = group(m.point);
    if (!own.free) own.seen.forEach((q) => stones.delete(q));
  }
  return stones;
}

export class Board {
  constructor(container, onClick) {
    const span = 2 * MARGIN + (SIZE - 1) * CELL;
    this.svg = el('svg', { viewBox: `0 0 ${span} ${span}`, class: 'board', role: 'img',
      'aria-label': 'the board: click a point to play there, or a lettered mark to play that continuation (the table below lists them)' }, container);
    el('rect', { x: 0, y: 0, width: span, height: span, class: 'wood' }, this.svg);
    for (let i = 0; i < SIZE; i++) {
      const at = MARGIN + i * CELL; const end = MARGIN + (SIZE - 1) * CELL;
      el('line', { x1: MARGIN, y1: at, x2: end, y2: at, class: 'grid' }, this.svg);
      el('line', { x1: at, y1: MARGIN, x2: at, y2: end, class: 'grid' }, this.svg);
      el('text', { x: at, y: MARGIN / 2 + 4, class: 'coord' }, this.svg).textContent = LETTERS[i];
      el('text', { x: MARGIN / 2 - 2, y: at + 4, class: 'coord' }, this.svg).textContent = String(SIZE - i);
    }
    for (const x of [3, 9, 15]) for (const y of [3, 9, 15])
      el('circle', { cx: MARGIN + x * CELL, cy: MARGIN + y * CELL, r: 3, class: 'hoshi' }, this.svg);
    this.layer = el('g', {}, this.svg);
    this.svg.addEventListener('click', (event) => {
      // From the window's pixels to the view box's units, whatever size the board is drawn at.
      const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
      const x = Math.round((at.x - MARGIN) / CELL);
      const y = Math.round((at.y - MARGIN) / CELL);
      if (x >= 0 && y >= 0 && x < SIZE && y < SIZE) onClick(xyPoint(x, y));
    });
  }

  // stones: Map point -> 'B'|'W'; last: a point or null; markers: [{point, letter, share,
  // title, color}] (share 0..1 sizes and shades the mark).
  draw(stones, last, markers) {
    this.layer.replaceChildren();
    for (const [p, colour] of stones) {
      const [x, y] = pointXY(p);
      el('circle', { cx: MARGIN + x * CELL, cy: MARGIN + y * CELL, r: CELL * 0.47,
        class: colour === 'B' ? 'stone black' : 'stone white' }, this.layer);
      if (p === last) el('circle', { cx: MARGIN + x * CELL, cy: MARGIN + y * CELL, r: CELL * 0.2,
        class: colour === 'B' ? 'last on-black' : 'last on-white' }, this.layer);
    }
    for (const m of markers) {
      if (!m.point || stones.has(m.point)) continue;
      const [x, y] = pointXY(m.point);
      const g = el('g', { class: 'marker', 'data-point': m.point }, this.layer);
      el('title', {}, g).textContent = m.title;
      el('circle', { cx: MARGIN + x * CELL, cy: MARGIN + y * CELL, r: CELL * (0.3 + 0.18 * Math.sqrt(m.share)),
        class: 'mark ' + (m.color === 'B' ? 'for-black' : 'for-white'),
        'fill-opacity': (0.35 + 0.65 * m.share).toFixed(2) }, g);
      // Past Z the labels are numbers ("27"): smaller, so that they stay inside the mark.
      el('text', { x: MARGIN + x * CELL, y: MARGIN + y * CELL + (m.letter.length > 1 ? 4 : 5),
        class: 'letter ' + (m.color === 'B' ? 'on-black' : 'on-white') + (m.letter.length > 1 ? ' long' : '') }, g).textContent = m.letter;
    }
  }
}
