// The explorer's page: state in the URL, a board, the continuations table, games, trends,
// review and export. Plain modules, no framework; every number comes from the API.
import * as api from './api.js';
import { Board, position, gtp, svgElement } from './board.js';

const $ = (id) => document.getElementById(id);
// An element with its children (null and undefined left out). Strings go in as text, never
// as markup: names, events and results come from game records, filters and moves from the URL.
function h(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}
// A row that acts as a button: clicked, or Enter or Space while it has the focus.
// The tables are drawn again after it acts: a row acted on from the keyboard hands the focus
// to the first row of its table as drawn then, so that Tab goes on from there.
let focusAfterDraw = null;  // the id of the table whose first row takes the focus
function activate(node, action) {
  node.onclick = action;
  node.onkeydown = (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    focusAfterDraw = node.closest('table').id || node.closest('tbody').id;
    action();
  };
}
const FILTERS = ['since', 'until', 'min_rank', 'max_rank', 'player', 'event'];
const PAGE = 10;
const COLOURS = ['#c0392b', '#2471a3', '#229954', '#b9770e', '#7d3c98', '#17a589'];

const state = { mode: 'joseki', moves: [], at: 0, filters: {}, offset: 0, swap: false, game: null,
  stones: new Map(), either: false, toMove: 'either' };  // stones: the pattern mode's point -> 'B'|'W'
let answer = null;
let trend = null;  // /api/trends' answer for `answer`, once it came: the players and by-era columns
let redraws = 0;
let eras = [];  // /api/info's: [{label, first_year, last_year}], null for an open end
let books = [];  // /api/info's: the names of explore --reference's joseki books

// Moves as the API takes them: "B[pd] W[qc] B[tenuki]".
const moveText = (m) => m.color + '[' + (m.point || (state.mode === 'joseki' ? 'tenuki' : 'pass')) + ']';
const lineText = (moves) => moves.map(moveText).join(' ');
// A move as the API writes it; null for any other text ("elsewhere", "end"). A move elsewhere
// is B[tenuki], B[pass], B[tt] or B[] (not the point "pa" of "pass").
function parseMove(text) {
  const match = /^([BW])\[(?:([a-s]{2})|tenuki|pass|tt)?\]$/.exec(text);
  return match ? { color: match[1], point: match[2] || null } : null;
}
// A move the API writes ("B[pd]", "W[tenuki]") as the board, the table and the move list name
// it ("B Q16", "W tenuki"); other text as it is.
function moveName(text) {
  const m = parseMove(text);
  if (!m) return text;
  return m.color + ' ' + (m.point ? gtp(m.point) : state.mode === 'fuseki' ? 'pass' : 'tenuki');
}
const played = () => state.moves.slice(0, state.at);
const swapped = (m) => ({ ...m, color: m.color === 'B' ? 'W' : 'B' });
const stonesText = () => [...state.stones].sort().map(([p, c]) => `${c}[${p}]`).join(' ');
const nextColour = () => {
  const line = played();
  if (line.length === 0) return state.swap ? 'W' : 'B';
  return line[line.length - 1].color === 'B' ? 'W' : 'B';
};
const percent = (x) => (x === null || x === undefined ? '–' : (100 * x).toFixed(1) + '%');
const thousands = (n) => Number(n).toLocaleString('en-US');
const years = (o) => (o.first_year === null ? '?' : o.first_year === o.last_year ? String(o.first_year) : o.first_year + '–' + o.last_year);
const filterParams = () => Object.fromEntries(FILTERS.filter((k) => state.filters[k]).map((k) => [k, state.filters[k]]));
// A count in the mode's unit: an opening is one game's, a joseki line one corner's (a game may
// play four), and a pattern's occurrences are counted as the times it arose.
const plural = (n, word) => `${thousands(n)} ${word}${n === 1 ? '' : 's'}`;
const counted = (n) => `${thousands(n)} ${state.mode === 'fuseki' ? (n === 1 ? 'game' : 'games') : (n === 1 ? 'time' : 'times')}`;

// --- URL ---------------------------------------------------------------------------------
function toUrl(how) {
  const p = new URLSearchParams();
  p.set('mode', state.mode);
  if (state.mode === 'pattern') {
    if (state.stones.size) p.set('stones', stonesText());
    if (state.either) p.set('either', '1');
    if (state.toMove !== 'either') p.set('to_move', state.toMove);
  }
  if (state.moves.length) p.set('moves', lineText(state.moves));
  if (state.at !== state.moves.length) p.set('at', state.at);
  if (state.swap) p.set('swap', '1');
  for (const [k, v] of Object.entries(filterParams())) p.set(k, v);
  if (state.game) { p.set('game', state.game.id); p.set('game_move', state.game.at); }
  // Each view the user goes to is an entry of the browser's history, so that Back goes back a
  // move (or a mode, a filter); the first view of a load, or one read back from history, only
  // writes the URL in the page's form.
  const search = '?' + p.toString();
  if (search === location.search) return;
  if (how === 'push') history.pushState(null, '', search);
  else history.replaceState(null, '', search);
}
// Reads the view a link names: {view, problem}, `view` the fields of `state` it sets (a game
// it opens as `linkedGame`), `problem` what could not be read, or null. The moves may be in
// any form the API takes ("pd qc", "B[pd] W[qc]", "Q16 R17 tenuki"): the server reads them,
// as it reads every move list. Nothing of `state` changes here: a view read while the user
// goes on is dropped by the caller.
async function fromUrl() {
  const p = new URLSearchParams(location.search);
  const view = { mode: ['fuseki', 'pattern'].includes(p.get('mode')) ? p.get('mode') : 'joseki',
    moves: [], at: 0, offset: 0, game: null, filters: {} };
  // The stones as the page writes them ("B[pd] W[qc]"): one that is not is named, not dropped
  // without a word, and so is the first of a point given twice (its last stone is kept).
  const stoneTexts = (p.get('stones') || '').split(/\s+/).filter((t) => t);
  const unread = stoneTexts.filter((t, i) => {
    const m = parseMove(t);
    return !m || !m.point || stoneTexts.slice(i + 1).some((u) => (parseMove(u) || {}).point === m.point);
  });
  view.stones = new Map(stoneTexts.map(parseMove).filter((m) => m && m.point).map((m) => [m.point, m.color]));
  view.either = p.get('either') === '1';
  view.toMove = ['black', 'white'].includes(p.get('to_move')) ? p.get('to_move') : 'either';
  view.swap = view.mode === 'joseki' && p.get('swap') === '1';
  for (const k of FILTERS) view.filters[k] = p.get(k) || '';
  const game = Number(p.get('game'));
  view.linkedGame = p.has('game') && Number.isInteger(game) && game >= 0
    ? { id: game, move: Math.max(0, Math.floor(Number(p.get('game_move')) || 0)) } : null;
  const stonesProblem = unread.length === 0 ? null
    : `The link's stones ${unread.join(' ')} could not be read (a stone is B[pd] or W[qc]): ${view.stones.size ? 'the others are shown' : 'none is shown'}.`;
  const moves = (p.get('moves') || '').trim();
  if (!moves) return { view, problem: stonesProblem };
  try {
    const read = await api.lookup(view.mode === 'fuseki' ? 'fuseki' : 'joseki', { moves, games: 0 });
    view.moves = read.moves.map((m) => parseMove(m.move));
  } catch (e) {
    return { view, problem: `The link's moves could not be read (${e.message}): the empty board is shown.` };
  }
  // Swapped colours: White plays first, whatever colours the link's moves have.
  if (view.swap && view.moves.length && view.moves[0].color === 'B') view.moves = view.moves.map(swapped);
  const at = Number(p.get('at'));
  view.at = p.has('at') && Number.isInteger(at) && at >= 0 && at <= view.moves.length ? at : view.moves.length;
  return { view, problem: stonesProblem };
}

// Shows the view a link names (the page's first, or one Back or Forward went to), unless the
// user went on meanwhile.
async function showLinkedView() {
  const mine = ++views;
  const { view, problem } = await fromUrl();
  if (mine !== views) return;
  const { linkedGame, ...fields } = view;
  Object.assign(state, fields);
  for (const k of FILTERS) $('f-' + k).value = state.filters[k];
  updateFilterCount();
  if (!(await refresh('replace'))) return;  // the user went on meanwhile
  if (problem) $('error').textContent = problem;  // refresh() has cleared the line
  if (linkedGame) await openGame(linkedGame.id, linkedGame.move, 'replace');
}

// --- Drawing -----------------------------------------------------------------------------
const board = new Board($('board'), (point) => clickPoint(point));

// Continuation `c`'s move as the page plays it: the API answers a line in its own colours, and
// the empty line in those `first` asks for (lineParams).
const continuationMove = (c) => parseMove(c.move);
// A line as the API takes it. The empty line has no colours of its own: with swapped colours
// White plays first, and its continuations, wins and books' words are asked for in White's.
const lineParams = (line) => ({ moves: lineText(line),
  ...(state.mode === 'joseki' && state.swap && line.length === 0 ? { first: 'white' } : {}) });

// One marker a point, the most played continuation's: in pattern mode both colours may play
// the same point, and a marker drawn over the first would hide it. Its tooltip names each.
function markers() {
  if (!answer || state.game) return [];
  const total = answer.continuations.reduce((s, c) => s + c.count, 0) || 1;
  const byPoint = new Map();
  answer.continuations.forEach((c, i) => {
    const m = continuationMove(c);
    if (!m || !m.point) return;
    const title = `${letter(i)}: ${moveText(m)}${c.normalised ? ` (dictionary: ${c.normalised})` : ''}: ${counted(c.count)}, ${percent(c.share)}` +
      (c.books && c.books.length ? `; books: ${bookWords(c)}` : '');
    const marker = byPoint.get(m.point);
    if (marker) marker.title += '\n' + title;
    else byPoint.set(m.point, { point: m.point, color: m.color, letter: letter(i), share: c.share ?? c.count / total, title });
  });
  return [...byPoint.values()];
}
// The continuation at `point` that its marker shows (the most played there), or undefined.
const continuationAt = (point) => answer && answer.continuations.map(continuationMove).find((m) => m && m.point === point);
const letter = (i) => (i < 26 ? String.fromCharCode(65 + i) : String(i + 1));

function drawBoard() {
  if (state.game) {
    const rec = state.game.record;
    const moves = rec.moves.slice(0, state.game.at).map(parseMove);
    const last = moves.length ? moves[moves.length - 1].point : null;
    board.draw(position(moves, rec.setup), last, []);
    return;
  }
  if (state.mode === 'pattern') {
    const setup = { black: [], white: [] };
    for (const [p, c] of state.stones) (c === 'B' ? setup.black : setup.white).push(p);
    board.draw(position([], setup), null, markers());
    return;
  }
  const line = played();
  board.draw(position(line), line.length ? line[line.length - 1].point : null, markers());
}

function drawMoves() {
  const list = $('moves');
  list.replaceChildren();
  state.moves.forEach((m, i) => {
    const item = document.createElement('button');
    item.className = 'move' + (i < state.at ? ' played' : '');
    item.textContent = `${i + 1}. ${m.color} ${m.point ? gtp(m.point) : state.mode === 'joseki' ? 'tenuki' : 'pass'}`;
    // The line's moves, also while a game is open: the game is left for the line.
    item.onclick = () => { if (state.game) { state.game = null; state.at = i + 1; state.offset = 0; refresh(); } else go(i + 1); };
    list.appendChild(item);
  });
}

function drawSummary() {
  const s = $('summary');
  if (state.mode === 'pattern') { drawPatternSummary(s); return; }
  if (!answer) { s.replaceChildren(); return; }
  const parts = [];
  if (answer.found) {
    const one = answer.count === 1;
    parts.push(h('p', {}, h('b', {}, thousands(answer.count)), (state.mode === 'fuseki' ? (one ? ' game plays this line' : ' games play this line') : (one ? ' time played' : ' times played')) +
      (answer.share_of_parent !== null ? ` (${percent(answer.share_of_parent)} of ${thousands(answer.parent_count)})` : '') +
      `; first player wins ${percent(answer.win_rate)}; years ${years(answer)}; lines ending here ${thousands(answer.lines_ending_here)}.`));
  } else if (answer.left_at) {
    // Under filters, the games that pass may leave a line the dictionary holds.
    const left = answer.left_at.filtered_out ? 'No game that passes the filters plays this line: they leave it'
      : answer.filters ? 'Not in the dictionary, and the games that pass the filters leave the line'
        : 'Not in the dictionary: the line leaves it';
    parts.push(h('p', {}, `${left} at move ${answer.left_at.move_number}, ${moveName(answer.left_at.move)}. ` +
      (answer.continuations.length ? 'The table lists what was played there instead.' : 'Nothing is played there.')));
  }
  if (answer.position && answer.position.orders > 0)
    parts.push(h('p', {}, `This position, all move orders: ${answer.position.orders} order${answer.position.orders === 1 ? '' : 's'}, ` +
      `played ${plural(answer.position.count, 'time')}; first player wins ${percent(answer.position.win_rate)}; years ${years(answer.position)}.`));
  s.replaceChildren(...parts, ...booksSaid(answer), ...filtersLine());
}
// What the books say of continuation `c`, as lookup prints it: "gnugo: minor: “kogeima”; pachi".
const bookWords = (c) => (c.books || []).map((w) => (w.verdict ? `${w.name}: ${w.verdict}` : w.name)).join('; ');
// What each book says of a line (a lookup object with "books"), a paragraph per book, as
// `lookup --reference` prints it: "gnugo: knows the first 3 of its 5 moves; W[qc] is not in it;
// move 2, W[nc]: “kogeima kakari”."
function booksSaid(line) {
  if (!line.books) return [];
  const moves = line.moves.map((m) => moveName(m.move));
  return line.books.map((b) => {
    const known = b.known_moves === moves.length ? 'knows the whole line'
      : b.known_moves === 0 ? `does not know its first move, ${moves[0]}`
        : `knows the first ${b.known_moves === 1 ? '' : b.known_moves + ' '}of its ${moves.length} moves; ${moves[b.known_moves]} is not in it`;
    const verdicts = b.verdicts.map((v) => `; move ${v.move_in_line}${v.game_move_number ? ` (${v.game_move_number} of the game)` : ''}, ${moveName(v.move)}: ${v.verdict}`).join('');
    return h('p', { class: 'books-said' }, h('b', {}, b.name), `: ${known}${verdicts}.`);
  });
}
const filtersLine = () => (answer.filters ? [h('p', {}, `Filters: ${answer.filters} (only the games that pass).`)] : []);

// The pattern mode's summary: how often the shape arose, where in the games, and who won.
function drawPatternSummary(s) {
  if (state.stones.size === 0) { s.replaceChildren(h('p', {}, 'Place the stones of one corner on the board (any corner, any orientation): every game where that corner took this shape, at any move.')); return; }
  if (!answer) { s.replaceChildren(); return; }
  let found;
  if (answer.found) {
    const m = answer.move_numbers;
    found = h('p', {}, h('b', {}, thousands(answer.count)), ` times in ${thousands(answer.games_count)} games` +
      (answer.colour_reversed ? ` (${thousands(answer.colour_reversed)} with colours reversed)` : '') +
      `, at move ${m.median} (median; ${m.first}–${m.last}); the player to move wins ${percent(answer.win_rate)}; years ${years(answer)}.`);
  } else {
    found = h('p', {}, 'No game of the index has this shape in a corner.');
  }
  s.replaceChildren(found, ...filtersLine());
}

// The win rate cell: the 95% interval as a whisker, the rate as a dot, 50% dashed.
function winBar(c) {
  if (c.win_rate === null) return h('td', {}, h('span', { class: 'muted' }, 'no decided games'));
  const [low, high] = c.win_rate_interval;
  const mark = c.win_rate_against_rest === 'higher' ? ' ▲' : c.win_rate_against_rest === 'lower' ? ' ▼' : '';
  const bar = svgElement('svg', { class: 'winbar', viewBox: '0 0 100 12', 'aria-hidden': 'true' });
  svgElement('rect', { x: 0, y: 3, width: 100, height: 6, class: 'track' }, bar);
  for (const [x1, x2, y1, y2] of [[low, high, 6, 6], [low, low, 2, 10], [high, high, 2, 10]])
    svgElement('line', { x1: x1 * 100, x2: x2 * 100, y1, y2, class: 'whisker' }, bar);
  svgElement('circle', { cx: c.win_rate * 100, cy: 6, r: 3, class: 'rate ' + c.win_rate_against_rest }, bar);
  svgElement('line', { x1: 50, x2: 50, y1: 0, y2: 12, class: 'even' }, bar);
  return h('td', {}, bar, ` ${percent(c.win_rate)}${mark}`);
}

function drawTable() {
  const body = $('continuations').querySelector('tbody');
  $('continuations').classList.toggle('pattern', state.mode === 'pattern');  // it has no players column
  $('continuations').classList.toggle('with-books', books.length > 0 && state.mode === 'joseki');
  // A pattern counts occurrences (a game may show it twice), and the wins of the player to
  // move, not of the line's first player.
  $('count-head').textContent = state.mode === 'fuseki' ? 'games' : 'times';
  $('wins-head').textContent = state.mode === 'pattern' ? 'player to move wins (95%)' : 'first player wins (95%)';
  // Drawn again when the trends come (the players and era columns): the row that had the
  // focus keeps it, so that the keyboard does not lose its place.
  const focused = [...body.children].indexOf(document.activeElement);
  body.replaceChildren();
  if (!answer) return;
  answer.continuations.forEach((c, i) => {
    const m = continuationMove(c);
    const row = h('tr', { tabindex: 0, role: 'button' }, h('td', { class: 'letter' }, letter(i)),
      h('td', c.normalised ? { title: 'as the dictionary writes it: ' + c.normalised } : {},
        m && m.point ? m.color + ' ' + gtp(m.point) : m ? m.color + ' tenuki' : c.player ? c.player + ' ' + c.move : c.move,
        c.books && c.books.length ? h('span', { class: 'books-inline' }, bookWords(c)) : null),
      h('td', { class: 'num' }, thousands(c.count)),
      h('td', {}, h('span', { class: 'share' }, h('span', { style: `width:${((c.share ?? 0) * 100).toFixed(1)}%` })), ' ' + percent(c.share)),
      winBar(c), h('td', { class: 'num players' }, playersText(i)), h('td', {}, years(c)), h('td', { class: 'era' }, eraText(c, i)),
      h('td', { class: 'books' }, bookWords(c)));
    activate(row, () => play(m));
    body.appendChild(row);
  });
  if (focused >= 0 && body.children[focused]) body.children[focused].focus({ preventScroll: true });
}

function drawGames() {
  const list = $('games');
  list.replaceChildren();
  for (const g of answer ? answer.games.slice(0, PAGE) : []) {
    const row = h('tr', { title: `${g.source} #${g.game_index}`, tabindex: 0, role: 'button' }, h('td', {}, g.date || '?'),
      h('td', {}, [g.black, g.black_rank].join(' ')), h('td', {}, [g.white, g.white_rank].join(' ')),
      h('td', {}, g.result), h('td', {}, g.event), h('td', { class: 'num' }, g.move_number));
    activate(row, () => openGame(g.id, g.move_number));
    list.appendChild(row);
  }
  const shown = answer ? Math.min(PAGE, answer.games.length) : 0;
  $('games-page').textContent = shown ? `games ${state.offset + 1}–${state.offset + shown}` : 'no games';
  $('games-prev').disabled = !answer || state.offset === 0;
  // One game more than a page is asked for: whether there is a next page.
  $('games-next').disabled = !answer || answer.games.length <= PAGE;
}

async function drawTrends() {
  const svg = $('trends');
  svg.replaceChildren();
  if (state.mode === 'pattern' || !answer || !answer.found || answer.continuations.length === 0) return;
  const asked = answer;
  const t = await api.trends(state.mode, { ...lineParams(played()), top: 20, ...filterParams() });
  await infoReady.catch(() => null);  // the eras
  if (answer !== asked) return;  // a newer position was drawn meanwhile
  trend = t;
  drawTable();
  const yearsAll = Object.keys(t.years).filter((y) => y !== 'unknown').map(Number).sort((a, b) => a - b);
  if (yearsAll.length === 0) return;
  // R: the plot ends short of the right edge, so that the last year's label fits.
  const W = 560, H = 240, L = 40, R = 20, B = 24, T = 30;
  const first = yearsAll[0], last = yearsAll[yearsAll.length - 1];
  const x = (yr) => L + (first === last ? (W - L - R) / 2 : ((yr - first) / (last - first)) * (W - L - R));
  const y = (share) => H - B - share * (H - B - T);
  const add = (name, attrs, text) => { const n = svgElement(name, attrs, svg); if (text !== undefined) n.textContent = text; return n; };
  add('line', { x1: L, x2: W, y1: y(0), y2: y(0), class: 'axis' });
  for (const s of [0.25, 0.5, 0.75, 1]) { add('line', { x1: L, x2: W, y1: y(s), y2: y(s), class: 'gridline' }); add('text', { x: L - 4, y: y(s) + 4, class: 'tick end' }, Math.round(s * 100) + '%'); }
  // A year label every 1, 2, 5, 10... years, 8 at most: evenly spaced, they never overlap.
  const every = [1, 2, 5, 10, 20, 50].find((n) => (last - first) / n < 8) ?? 100;
  for (let yr = Math.ceil(first / every) * every; yr <= last; yr += every) add('text', { x: x(yr), y: H - 6, class: 'tick' }, String(yr));
  t.continuations.forEach((c, i) => {
    if (!c.years || i >= 5) return;
    // A line joins consecutive years only: across years without a game it would show a trend
    // no game played. A year alone is a dot.
    const colour = COLOURS[i % COLOURS.length];
    const runs = [];
    for (const yr of yearsAll.filter((v) => t.years[v] > 0)) {
      const run = runs[runs.length - 1];
      const point = [x(yr), y((c.years[yr] || 0) / t.years[yr])];
      if (run && run.last === yr - 1) { run.points.push(point); run.last = yr; } else runs.push({ last: yr, points: [point] });
    }
    for (const run of runs) {
      if (run.points.length === 1) add('circle', { cx: run.points[0][0].toFixed(1), cy: run.points[0][1].toFixed(1), r: 2.5, class: 'trend-dot', fill: colour });
      else add('polyline', { points: run.points.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' '), class: 'trend', stroke: colour });
    }
    const m = parseMove(c.move);
    add('text', { x: L + 10 + i * 80, y: 16, class: 'legend', fill: colour }, `${letter(i)} ${m && m.point ? gtp(m.point) : 'tenuki'}`);
  });
}

// The "by era" column of continuation `c`, row `i`: its share of the position's games in each
// era, as the dictionary's "By era:" lines give it. The pattern lookup gives each era's
// occurrences (`by_era`, of `eras`); the others come from /api/trends' games per year.
function eraText(c, i) {
  const shares = (parts) => parts.map(([label, n, total]) => `${label} ${total ? percent(n / total) : '–'}`).join(', ');
  if (state.mode === 'pattern') {
    if (!c.by_era || !answer.eras || answer.eras.length < 2) return '–';
    const change = c.era_trend === 'higher' ? ', rose' : c.era_trend === 'lower' ? ', fell' : '';
    return shares(answer.eras.map((e, k) => [e.label, c.by_era[k], e.count])) + change;
  }
  const t = trend && trend.continuations[i];
  if (eras.length < 2 || !t || !t.years) return '–';
  const inEra = (e, year) => (e.first_year === null || year >= e.first_year) && (e.last_year === null || year <= e.last_year);
  const sum = (counts, e) => Object.entries(counts).filter(([y]) => y !== 'unknown' && inEra(e, Number(y))).reduce((s, [, n]) => s + n, 0);
  return shares(eras.map((e) => [e.label, sum(t.years, e), sum(trend.years, e)]));
}

// The "players" column: how many people played each continuation's games (/api/trends).
function playersText(i) {
  const t = trend && trend.continuations[i];
  return t && t.players !== undefined && t.players !== null ? thousands(t.players) : '–';
}

// In fuseki mode, each corner of the whole-board position (/api/position, as `lookup
// --game` looks a game up): its joseki line with how often it was played and a button to
// explore it, or why the corner has none.
async function drawCorners() {
  const box = $('corners');
  box.replaceChildren();
  if (state.mode !== 'fuseki' || played().length === 0) return;
  const asked = answer;
  const p = await api.position({ moves: lineText(played()), games: 0, ...filterParams() });
  if (answer !== asked) return;  // a newer position was drawn meanwhile
  box.appendChild(h('h2', {}, 'Corners'));
  for (const c of p.corners) {
    const moves = c.moves.map((m) => parseMove(m.move)).filter(Boolean);
    const upTo = c.found ? moves.length : c.left_at.move_number - 1;
    const link = h('button', {}, 'explore');
    link.onclick = () => { state.game = null; state.mode = 'joseki'; state.swap = false; state.moves = moves; state.at = upTo; state.offset = 0; refresh(); showBoard(); };
    box.append(h('p', { class: 'corner' }, h('b', {}, c.corner), `: ${c.moves.map((m) => moveName(m.move)).join(', ')}: ` +
      (c.found ? `played ${plural(c.count, 'time')}${c.share_of_parent !== null ? ` (${percent(c.share_of_parent)} of ${thousands(c.parent_count)})` : ''}. `
        : `leaves the joseki dictionary at its move ${c.left_at.move_number}. `), link), ...booksSaid(c));
  }
  for (const c of p.corners_not_tracked) box.appendChild(h('p', {}, `${c.corner}: not tracked: ${c.why}.`));
}

function drawAll() {
  const started = performance.now();
  drawBoard(); drawMoves(); drawSummary(); drawTable(); drawGames();
  $('mode-joseki').classList.toggle('on', state.mode === 'joseki');
  $('mode-fuseki').classList.toggle('on', state.mode === 'fuseki');
  $('mode-pattern').classList.toggle('on', state.mode === 'pattern');
  $('pattern-bar').hidden = state.mode !== 'pattern';
  // The pattern lookup has no years. (An SVG element has no `hidden`.)
  $('trends-head').hidden = state.mode === 'pattern';
  $('trends').style.display = state.mode === 'pattern' ? 'none' : '';
  $('pattern-either').checked = state.either;
  $('pattern-to-move').value = state.toMove;
  $('swap').classList.toggle('on', state.swap);
  $('swap').hidden = state.mode !== 'joseki';
  for (const id of ['first', 'back', 'forward', 'last', 'tenuki']) $(id).hidden = state.mode === 'pattern' && !state.game;
  $('game-bar').hidden = !state.game;
  if (state.game) {
    const g = state.game;
    $('game-title').textContent = `${g.facts.black} ${g.facts.black_rank} – ${g.facts.white} ${g.facts.white_rank}, ${g.facts.date}, ${g.facts.result}: move ${g.at} of ${g.record.moves.length}`;
  }
  if (focusAfterDraw) {
    const first = document.querySelector(`#${focusAfterDraw} tbody tr, tbody#${focusAfterDraw} tr`);
    if (first) first.focus({ preventScroll: true });
    focusAfterDraw = null;
  }
  document.body.dataset.redraws = String(++redraws);
  document.body.dataset.drawMs = (performance.now() - started).toFixed(2);
  document.body.dataset.drawnAt = String(performance.now());
}

// --- Actions -----------------------------------------------------------------------------
// Asks for the view `state` names and draws it; `how` is 'push' (a view the user went to: a
// new entry of the browser's history) or 'replace'. With `undoable`, a line the API refuses
// (a first stone on a centre line) is not kept: the line goes back to the one drawn last.
// Each view asked for counts in `views`: an answer that comes after a later view was asked
// for is dropped, so that the board and the table never show two positions. True when it
// drew.
let views = 0;
let drawnLine = { moves: [], at: 0, offset: 0, game: null };  // the line of the view drawn last
async function refresh(how = 'push', undoable = false) {
  const mine = ++views;
  $('error').textContent = '';
  let next = null;
  let problem = '';
  try {
    if (state.mode === 'pattern') {
      next = state.stones.size === 0 ? null : await api.corner({ stones: stonesText(), either_colour: state.either ? 1 : 0,
        to_move: state.toMove, games: PAGE + 1, offset: state.offset, ...filterParams() });
    } else {
      next = await api.lookup(state.mode, { ...lineParams(played()), games: PAGE + 1, offset: state.offset, ...filterParams() });
    }
  } catch (e) {
    problem = e.message;
  }
  if (mine !== views) return false;
  if (problem && undoable) {
    Object.assign(state, drawnLine);
    $('error').textContent = problem;
    focusAfterDraw = null;
    return false;
  }
  drawnLine = { moves: state.moves, at: state.at, offset: state.offset, game: state.game };
  toUrl(how);
  answer = next;
  $('error').textContent = problem;
  trend = null;  // until drawTrends has this answer's
  drawAll();
  drawTrends().catch((e) => { $('error').textContent = e.message; });
  drawCorners().catch((e) => { $('error').textContent = e.message; });
  return true;
}

function play(move) {
  if (!move) return;
  if (state.mode === 'pattern') {
    if (!move.point) return;
    state.stones.set(move.point, move.color);
    state.offset = 0;
    refresh();
    return;
  }
  // Off the book, the continuations offered are those of the position before the move that
  // left it: one of them takes that move's place.
  const left = answer && !answer.found && answer.left_at ? answer.left_at.move_number - 1 : null;
  const offered = left !== null && answer.continuations.some((c) => { const m = continuationMove(c); return m && m.color === move.color && m.point === move.point; });
  state.moves = (offered ? played().slice(0, left) : played()).concat([move]);
  state.at = state.moves.length;
  state.offset = 0;
  state.game = null;
  refresh('push', true);
}

function clickPoint(point) {
  if (state.game) return;
  if (state.mode === 'pattern') {
    // A lettered point takes the stone of its continuation; others go empty, black, white,
    // empty again.
    const now = state.stones.get(point);
    const offered = !now && continuationAt(point);
    if (offered) state.stones.set(point, offered.color);
    else if (now === 'B') state.stones.set(point, 'W');
    else if (now === 'W') state.stones.delete(point);
    else state.stones.set(point, 'B');
    state.offset = 0;
    refresh();
    return;
  }
  if (position(played()).has(point)) return;
  play(continuationAt(point) || { color: nextColour(), point });
}

// Shows the game's move `at` while a game is open, else the line's.
function go(at) {
  if (state.game) {
    state.game.at = Math.max(0, Math.min(state.game.record.moves.length, at));
    toUrl('replace');  // a game's moves are one view, the move it is at in its link
    drawAll();
    return;
  }
  at = Math.max(0, Math.min(state.moves.length, at));
  if (at === state.at) return;
  state.at = at;
  state.offset = 0;
  refresh();
}
const cursor = () => (state.game ? state.game.at : state.at);
const end = () => (state.game ? state.game.record.moves.length : state.moves.length);

// Brings the board into view: the rows that change it may be a page below it.
const showBoard = () => $('board').scrollIntoView({ block: 'nearest' });

async function openGame(id, move, how = 'push') {
  const mine = ++views;
  try {
    const g = await api.game(id, move);
    if (mine !== views) return;
    if (!g.record) { $('error').textContent = g.record_problem; return; }
    state.game = { id, record: g.record, at: Math.min(move, g.record.moves.length), facts: g };
    toUrl(how);
    drawAll();
    if (how === 'push') showBoard();
  } catch (e) { if (mine === views) $('error').textContent = e.message; }
}

let filterCounts = 0;  // as `views`: a count asked for before the last is dropped
async function updateFilterCount() {
  const mine = ++filterCounts;
  let text;
  try {
    const [root, whole] = await Promise.all([api.lookup('fuseki', { moves: '', games: 0, ...filterParams() }), api.info()]);
    text = `${thousands(root.count)} of ${thousands(whole.fuseki_games)} games (with an indexed opening) pass`;
  } catch (e) { text = e.message; }
  if (mine === filterCounts) $('filter-count').textContent = text;
}

async function doReview(file) {
  const out = $('review-out');
  out.textContent = 'reviewing ' + file.name + '…';
  try {
    const r = await api.review(file);
    out.replaceChildren();
    // What was not reviewed and why, in the order review prints it.
    if (r.opening_not_indexed) out.append(h('p', {}, `opening: not reviewed: ${r.opening_not_indexed}.`));
    for (const line of r.lines) {
      const mode = line.name === 'opening' ? 'fuseki' : 'joseki';
      const moves = line.moves.map((m) => parseMove(m.move)).filter(Boolean);
      const upTo = line.found ? moves.length : line.left_at.move_number - 1;
      const link = h('button', {}, 'explore');
      link.onclick = () => { state.game = null; state.mode = mode; state.swap = false; state.moves = moves; state.at = upTo; state.offset = 0; refresh(); showBoard(); };
      out.append(h('p', {}, h('b', {}, line.name), line.found
        ? `: in the book to its end (${plural(moves.length, 'move')}, played ${plural(line.count, 'time')}). `
        : `: ${line.past_book_end ? "went past the end of the book's lines" : 'left the book'} ${line.left_at_move_number ? `at move ${line.left_at_move_number} of the game with ${moveName(line.left_at.move)}` : 'with a move elsewhere'}; ` +
          `the book position before it was played ${plural(line.book_count, 'time')}; ` +
          (line.past_book_end ? 'no game went on from it' : line.continuations.length ? 'the book plays ' + line.continuations.map((c) => `${moveName(c.move)} ${thousands(c.count)}×`).join(', ') : 'the book moves are not listed') + '. ', link),
        ...booksSaid(line));
    }
    for (const c of r.corners_not_reviewed) out.append(h('p', {}, `${c.corner}: not reviewed: ${c.why}.`));
  } catch (e) { out.textContent = e.message; }
}

// The current line with its continuations `depth` moves deep, as SGF with counts in the
// comments, cut as prune's thresholds cut: played at least `min` times and in at least
// `share` of the parent's games, the `children` most played of each position.
async function exportSgf() {
  if (state.mode === 'pattern') { $('export-out').textContent = 'export writes a line of the joseki or fuseki mode'; return; }
  const depth = Math.max(1, Math.min(6, Number($('export-depth').value) || 2));
  const min = Math.max(1, Number($('export-min').value) || 1);
  const share = Math.max(0, Number($('export-share').value) || 0) / 100;
  const children = Math.max(0, Math.floor(Number($('export-children').value) || 0));
  const sgfValue = (t) => t.replace(/\\/g, '\\\\').replace(/]/g, '\\]');
  const node = (m, c) => `;${m.color}[${m.point || ''}]` + (c ? `C[${sgfValue(c)}]` : '');
  const comment = (c) => `${counted(c.count)}, ${percent(c.share)}, first player wins ${percent(c.win_rate)}, years ${years(c)}`;
  async function subtree(line, level) {
    if (level >= depth) return '';
    const a = await api.lookup(state.mode, { ...lineParams(line), games: 0, ...filterParams() });
    const kept = a.continuations.filter((c) => c.count >= min && (c.share ?? 1) >= share);
    const kids = (children ? kept.slice(0, children) : kept).map((c) => ({ c, m: continuationMove(c) })).filter((k) => k.m);
    const parts = [];
    for (const k of kids) parts.push('(' + node(k.m, comment(k.c)) + (await subtree(line.concat([k.m]), level + 1)) + ')');
    return parts.join('');
  }
  const line = played();
  const text = `(;GM[1]FF[4]CA[UTF-8]SZ[19]AP[josekic explore]C[${sgfValue(state.mode + ': ' + (lineText(line) || 'the empty board') + (answer && answer.filters ? '; filters ' + answer.filters : ''))}]` +
    line.map((m) => node(m)).join('') + (await subtree(line, 0)) + ')\n';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/x-go-sgf' }));
  link.download = `${state.mode}-${line.length}-moves.sgf`;
  link.click();
  $('export-out').textContent = `${link.download}: ${thousands(new Blob([text]).size)} bytes`;
  document.body.dataset.exported = text;
}

// --- Wiring ------------------------------------------------------------------------------
$('mode-joseki').onclick = () => { state.mode = 'joseki'; state.moves = []; state.at = 0; state.game = null; refresh(); };
// Swapped colours are a joseki's: an opening of the index is Black's first.
$('mode-fuseki').onclick = () => { state.mode = 'fuseki'; state.swap = false; state.moves = []; state.at = 0; state.game = null; refresh(); };
$('mode-pattern').onclick = () => { state.mode = 'pattern'; state.swap = false; state.moves = []; state.at = 0; state.game = null; state.offset = 0; refresh(); };
$('pattern-either').onchange = (e) => { state.either = e.target.checked; state.offset = 0; refresh(); };
$('pattern-to-move').onchange = (e) => { state.toMove = e.target.value; state.offset = 0; refresh(); };
$('pattern-clear').onclick = () => { state.stones.clear(); state.offset = 0; refresh(); };
$('swap').onclick = () => { state.swap = !state.swap; state.moves = state.moves.map(swapped); state.game = null; refresh(); };
$('first').onclick = () => go(0);
$('back').onclick = () => go(cursor() - 1);
$('forward').onclick = () => go(cursor() + 1);
$('last').onclick = () => go(end());
$('tenuki').onclick = () => play({ color: nextColour(), point: null });
$('leave-game').onclick = () => { state.game = null; toUrl('push'); drawAll(); };
$('games-prev').onclick = () => { state.offset = Math.max(0, state.offset - PAGE); refresh(); };
$('games-next').onclick = () => { state.offset += PAGE; refresh(); };
$('filters').onsubmit = (e) => {
  e.preventDefault();
  for (const k of FILTERS) state.filters[k] = $('f-' + k).value.trim();
  state.offset = 0;
  refresh();
  updateFilterCount();
};
$('review-file').onchange = (e) => e.target.files[0] && doReview(e.target.files[0]);
$('review-drop').ondragover = (e) => e.preventDefault();
$('review-drop').ondrop = (e) => { e.preventDefault(); if (e.dataTransfer.files[0]) doReview(e.dataTransfer.files[0]); };
$('export').onclick = () => exportSgf().catch((e) => { $('error').textContent = e.message; });
// ←/→ step, Home/End go to the first and last move; ↑/↓ scroll the page as anywhere. Keys
// typed into a form control, or with a modifier (Alt+← is the browser's Back), are not ours.
document.addEventListener('keydown', (e) => {
  if (['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName) || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === 'ArrowLeft') go(cursor() - 1);
  else if (e.key === 'ArrowRight') go(cursor() + 1);
  else if (e.key === 'Home') go(0);
  else if (e.key === 'End') go(end());
  else return;
  e.preventDefault();
});
// Back and Forward: the view of that entry, read from its URL as a link is.
window.addEventListener('popstate', () => { showLinkedView(); });

const infoReady = api.info();
infoReady.then((i) => {
  eras = i.eras || [];
  books = i.books || [];

  if (books.length && answer) drawTable();  // the books' column, if the table came first
  $('mode-pattern').hidden = !i.patterns;
  // The books, and a book read in part says so on the page, not only on explore's terminal.
  const named = books.map((b) => b.name + (b.read_in_part ? ' (read in part: an error in its file)' : ''));
  $('index-info').textContent = `${i.index}: ${thousands(i.games)} games, ${i.first_year ?? '?'}–${i.last_year ?? '?'}` +
    (named.length ? `; books: ${named.join(', ')}` : '');
}).catch((e) => { $('error').textContent = e.message; });
await showLinkedView();
