// The explorer's page in a real headless Chromium (puppeteer-core): four moves clicked in the
// lower-left corner, the table's counts against `lookup --json`, a filter, a game opened at
// its move, a review, an export; the median click-to-redraw time is printed.
//
//   node --test tests/explorer/browser_test.mjs
// Environment: JOSEKIC_BINARY (the built binary), JOSEKIC_EXPLORE_DICT (a compiled
// dictionary; default: /usr/share/goban compiled into a temporary directory),
// JOSEKIC_SCREENSHOTS (a directory: save the screenshots there), JOSEKIC_REVIEW_GAME (the game
// to review), JOSEKIC_FILTER_SINCE (the year of the filter step, default 1970), CHROMIUM.
// Exits 77 (skipped, for ctest) when Chromium or puppeteer-core is missing, unless
// JOSEKIC_REQUIRE_BROWSER=1 (CI), where that is a failure.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const binary = process.env.JOSEKIC_BINARY || 'build/josekic';
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
const shots = process.env.JOSEKIC_SCREENSHOTS;
const here = path.dirname(new URL(import.meta.url).pathname);

function skip(why) {
  if (process.env.JOSEKIC_REQUIRE_BROWSER === '1') throw new Error(why);
  console.log('skipped: ' + why);
  process.exit(77);
}

let puppeteer;
try {
  puppeteer = createRequire(path.join(here, 'package.json'))('puppeteer-core');
} catch {
  skip('puppeteer-core is not installed (make -f Makefile.dist test-tools)');
}
if (!existsSync(chromium)) skip(`no Chromium at ${chromium} (apt-get install chromium)`);

const scratch = mkdtempSync(path.join(tmpdir(), 'josekic-browser-'));
let dictionary = process.env.JOSEKIC_EXPLORE_DICT;
if (!dictionary) {
  if (!existsSync('/usr/share/goban')) skip('no /usr/share/goban (goban-original-games)');
  dictionary = path.join(scratch, 'goban');
  execFileSync(binary, ['compile', '/usr/share/goban', '-o', dictionary, '--quiet', '--patterns']);
}
const lookup = (args) => JSON.parse(execFileSync(binary, ['lookup', dictionary, '--json', ...args]).toString());

// Starts `josekic explore` on `dir` (stopped after the tests); returns the URL it prints.
const servers = [];
async function explore(dir, options = []) {
  const server = spawn(binary, ['explore', dir, '--port', '0', ...options], { stdio: ['ignore', 'pipe', 'inherit'] });
  servers.push(server);
  return new Promise((resolve, reject) => {
    server.stdout.once('data', (d) => resolve(/http:\/\/\S+/.exec(d.toString())[0]));
    server.once('exit', (code) => reject(new Error('explore exited ' + code)));
  });
}
const url = await explore(dictionary);
const browser = await puppeteer.launch({ executablePath: chromium, headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const page = await browser.newPage();
await page.setViewport({ width: 1280, height: 1000 });
page.on('pageerror', (e) => console.log('page error: ' + e.message));
const notFound = [];  // the URLs of every 404 the page met
page.on('response', (r) => { if (r.status() === 404) notFound.push(r.url()); });

after(async () => {
  await browser.close();
  for (const server of servers) server.kill('SIGTERM');
  rmSync(scratch, { recursive: true, force: true });
});

const redraws = () => page.evaluate(() => Number(document.body.dataset.redraws || 0));
const settled = async (before) => {
  await page.waitForFunction((n) => Number(document.body.dataset.redraws || 0) > n, {}, before);
  await page.waitForNetworkIdle({ idleTime: 50 });
};
const tableCounts = () => page.$$eval('#continuations tbody tr td:nth-child(3)', (cells) => cells.map((c) => Number(c.textContent.replace(/,/g, ''))));
const urlMoves = () => page.evaluate(() => new URLSearchParams(location.search).get('moves') || '');
const urlStones = () => page.evaluate(() => new URLSearchParams(location.search).get('stones') || '');
const shot = async (name) => { if (shots) await page.screenshot({ path: path.join(shots, name), fullPage: false }); };

// Clicks point `p` ("dp") on the board; returns the milliseconds until board and table redrew.
async function clickPoint(p) {
  // The board's view box: a margin of 30 and 18 cells of 30 (board.js).
  const box = await (await page.$('#board svg')).boundingBox();
  const unit = box.width / 600;
  const x = box.x + unit * (30 + 30 * (p.charCodeAt(0) - 97));
  const y = box.y + unit * (30 + 30 * (p.charCodeAt(1) - 97));
  const before = await redraws();
  await page.mouse.click(x, y);
  await settled(before);
  return inPageTime();
}

// The time from the last click or key press to the end of the redraw it caused, measured in
// the page (performance.now() at the event, and where explorer.js finished drawing).
const inPageTime = () => page.evaluate(() => Number(document.body.dataset.drawnAt) - window.inputAt);
const timings = [];

test('four moves clicked in the lower-left corner show the counts lookup gives', async () => {
  await page.goto(url + '?mode=joseki', { waitUntil: 'networkidle0' });
  await page.evaluate(() => {
    for (const type of ['mousedown', 'keydown'])
      document.addEventListener(type, () => { window.inputAt = performance.now(); }, true);
  });
  timings.push(await clickPoint('dp'));
  for (let i = 0; i < 3; i++) {
    // The most played continuation with a point, in the lower-left corner.
    const next = await page.$$eval('#board .marker', (ms) => ms.map((m) => m.dataset.point));
    assert.ok(next.length > 0, 'continuations are marked on the board');
    const lowerLeft = next.find((p) => p.charCodeAt(0) - 97 < 10 && p.charCodeAt(1) - 97 > 8);
    assert.ok(lowerLeft, 'a continuation in the lower-left corner');
    timings.push(await clickPoint(lowerLeft));
  }
  const moves = await urlMoves();
  assert.equal(moves.split(' ').length, 4);
  const expected = lookup(['--moves', moves]).continuations.map((c) => c.count);
  assert.deepEqual(await tableCounts(), expected);
  await shot('screenshot-explore-joseki.png');
  // Back and forward: more redraw timings, the same view again.
  for (let i = 0; i < 6; i++) {
    const before = await redraws();
    await page.keyboard.press(i % 2 === 0 ? 'ArrowLeft' : 'ArrowRight');
    await settled(before);
    timings.push(await inPageTime());
  }
  assert.deepEqual(await tableCounts(), expected);
  const sorted = [...timings].sort((a, b) => a - b);
  console.log(`click-to-redraw: median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms over ${sorted.length} clicks and keys (max ${sorted[sorted.length - 1].toFixed(1)} ms)`);
});

// The trends chart's year labels: left to right, apart, and inside its view box (560 wide).
async function yearLabelsFit() {
  const labels = await page.$$eval('#trends text.tick', (ts) => ts.filter((t) => /^\d{4}$/.test(t.textContent))
    .map((t) => { const b = t.getBBox(); return { year: t.textContent, left: b.x, right: b.x + b.width }; }));
  assert.ok(labels.length > 0, 'years are labelled');
  labels.forEach((l, i) => {
    assert.ok(l.left >= 0 && l.right <= 560, `${l.year} (${l.left}..${l.right}) is inside the chart`);
    if (i > 0) assert.ok(l.left > labels[i - 1].right, `${l.year} does not overlap ${labels[i - 1].year}`);
  });
}

// A dictionary compiled from `games` ({file name: SGF}) in the scratch directory: its path.
function compileGames(name, games) {
  const dir = path.join(scratch, name + '-games');
  mkdirSync(dir);
  for (const [file, sgf] of Object.entries(games)) writeFileSync(path.join(dir, file), sgf);
  execFileSync(binary, ['compile', dir, '-o', path.join(scratch, name), '--quiet']);
  return path.join(scratch, name);
}

test('the trends chart of the 3-3 invasion under a 4-4 stone', async () => {
  // Where the collection has no 3-3 invasion right away (goban-596), the 4-4 stone alone.
  const line = lookup(['--moves', 'B[dp] W[cq]']).found ? 'B[dp] W[cq]' : 'B[dp]';
  await page.goto(url + '?mode=joseki&moves=' + encodeURIComponent(line), { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.querySelectorAll('#trends polyline').length > 0);
  await yearLabelsFit();
  // The "by era" column: the first row's share in each era, the eras /api/info names.
  const eras = (await (await fetch(new URL('/api/info', url))).json()).eras;
  if (eras.length > 1) {
    await page.waitForFunction(() => document.querySelector('#continuations td.era').textContent !== '–');
    const cell = await page.$eval('#continuations td.era', (c) => c.textContent);
    // Each era by its label, with a share, or a dash where the position has no game of it.
    for (const e of eras) assert.match(cell, new RegExp(e.label + ' (\\d+\\.\\d%|–)'));
    assert.match(cell, /\d+\.\d%/);
  }
  // The "players" column: each row's people, as /api/trends counts them.
  await page.waitForFunction(() => document.querySelector('#continuations td.players').textContent !== '–');
  const trend = await (await fetch(new URL('/api/trends/joseki?moves=' + encodeURIComponent(line) + '&top=20', url))).json();
  const shown = await page.$$eval('#continuations td.players', (cells) => cells.map((c) => c.textContent));
  assert.ok(trend.continuations[0].players > 0);
  trend.continuations.forEach((c, i) => assert.equal(shown[i], c.players.toLocaleString('en-US')));
  await page.$eval('#trends', (e) => e.scrollIntoView());
  await shot('screenshot-explore-trends.png');
  await page.goBack({ waitUntil: 'networkidle0' });
});

test('the trends chart labels years that crowd at its right end apart and inside it', async () => {
  // A 4-4 stone answered at 3-4 in 1970 and every other year from 2013 to 2019.
  const years = [1970, 2013, 2015, 2017, 2019];
  const sgf = (year, i) => `(;GM[1]FF[4]SZ[19]PB[b]PW[w]DT[${year}-05-01]RE[B+R];B[pd];W[qc];B[dd];W[${'cdefg'[i]}j])`;
  const dir = compileGames('crowded-years', Object.fromEntries(years.map((y, i) => [y + '.sgf', sgf(y, i)])));
  await page.goto((await explore(dir)) + '?mode=joseki&moves=B%5Bpd%5D', { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.querySelectorAll('#trends .trend-dot').length > 0);
  await yearLabelsFit();
  // No two of its years follow each other: a dot a year, no line drawn across the years between.
  assert.equal(await page.$$eval('#trends polyline', (ls) => ls.length), 0);
  const drawn = await page.$$eval('#trends text.legend', (ls) => ls.length);
  assert.ok(drawn > 0);
  assert.equal(await page.$$eval('#trends .trend-dot', (ds) => ds.length), years.length * drawn);
});

test('in fuseki mode each corner of the position is shown, and explored in joseki mode', async () => {
  // The most played four moves of the collection's openings.
  let line = [];
  for (let i = 0; i < 4; i++) line.push(lookup(['--fuseki', '--moves', line.join(' ')]).continuations[0].move);
  await page.goto(url + '?mode=fuseki&moves=' + encodeURIComponent(line.join(' ')), { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.querySelectorAll('#corners p').length === 4);
  const shown = await page.$$eval('#corners p', (ps) => ps.map((p) => p.textContent));
  const corners = ['upper-right', 'upper-left', 'lower-left', 'lower-right'];
  for (const c of corners) assert.ok(shown.some((t) => t.startsWith(c)), c);
  assert.equal(await page.$eval('#count-head', (th) => th.textContent), 'games');
  const explore = await page.$('#corners p.corner button');
  assert.ok(explore, 'a corner with a line has a button to explore it');
  const before = await redraws();
  await explore.click();
  await settled(before);
  assert.equal(await page.evaluate(() => new URLSearchParams(location.search).get('mode')), 'joseki');
  assert.deepEqual(await tableCounts(), lookup(['--moves', await urlMoves()]).continuations.map((c) => c.count));
  // A joseki count is of corners (a game may play four), a fuseki count of games.
  assert.equal(await page.$eval('#count-head', (th) => th.textContent), 'times');
});

test('a filter is applied as lookup applies it, with the games that pass', async () => {
  const moves = await urlMoves();
  const since = process.env.JOSEKIC_FILTER_SINCE || '1970';
  await page.$eval('#f-since', (e, year) => { e.value = year; }, since);
  const before = await redraws();
  await page.click('#filters button[type=submit]');
  await settled(before);
  await page.waitForFunction(() => /pass/.test(document.getElementById('filter-count').textContent));
  const expected = lookup(['--moves', moves, '--since', since]).continuations.map((c) => c.count);
  assert.deepEqual(await tableCounts(), expected);
  assert.match(await page.evaluate(() => location.search), new RegExp('since=' + since));
  await shot('screenshot-explore-filter.png');
});

test('a game opens at the move where the position arose', async () => {
  // The players and by-era columns (from /api/trends) stay while a game is open and after.
  const columns = () => page.$$eval('#continuations tbody tr', (rows) => rows.map((r) => r.querySelector('.players').textContent + ' ' + r.querySelector('.era').textContent));
  await page.waitForFunction(() => document.querySelector('#continuations td.players').textContent !== '–');
  const filled = await columns();
  const before = await redraws();
  const move = await page.$eval('#games tr td:last-child', (c) => Number(c.textContent));
  await page.click('#games tr');
  await settled(before);
  const title = await page.$eval('#game-title', (e) => e.textContent);
  assert.match(title, new RegExp(`move ${move} of \\d+`));
  await page.keyboard.press('ArrowRight');
  assert.match(await page.$eval('#game-title', (e) => e.textContent), new RegExp(`move ${move + 1} of`));
  await shot('screenshot-explore-game.png');
  assert.deepEqual(await columns(), filled);
  await page.click('#leave-game');
  assert.deepEqual(await columns(), filled);
});

test('a game file is reviewed with a link to explore each line', async () => {
  const game = process.env.JOSEKIC_REVIEW_GAME || '/usr/share/goban/Hon-97-2.mgt';
  const input = await page.$('#review-file');
  await input.uploadFile(game);
  await page.waitForFunction(() => document.querySelectorAll('#review-out button').length > 0);
  const lines = await page.$$eval('#review-out p', (ps) => ps.length);
  const expected = JSON.parse(execFileSync(binary, ['review', dictionary, game, '--json']).toString());
  assert.equal(lines, expected.lines.length + (expected.opening_not_indexed ? 1 : 0) + expected.corners_not_reviewed.length);
  await page.$eval('#review-out', (e) => e.scrollIntoView());
  await shot('screenshot-explore-review.png');
  // A handicap game: neither its opening nor its corners are reviewed, each with its reason,
  // the lines review prints.
  const handicap = path.join(scratch, 'handicap.sgf');
  writeFileSync(handicap, '(;GM[1]FF[4]SZ[19]HA[4]PB[b]PW[w]AB[dd][pd][dp][pp];W[qf];B[nd];W[qc];B[pc];W[qd];B[pe])');
  await input.uploadFile(handicap);
  await page.waitForFunction(() => /not reviewed/.test(document.getElementById('review-out').textContent));
  const shown = await page.$$eval('#review-out p', (ps) => ps.map((p) => p.textContent));
  const printed = execFileSync(binary, ['review', dictionary, handicap]).toString().split('\n').filter((l) => l.includes(': not reviewed: '));
  assert.equal(printed.length, 5);
  assert.deepEqual(shown, printed);
});

// The moves of a line `lookup` or `review` printed ("B[pd]", "W[tenuki]") as the page names
// them ("B Q16", "W tenuki").
const named = (text) => text.replace(/([BW])\[([a-s]{2}|tenuki)\]/g, (_, colour, where) => where === 'tenuki'
  ? `${colour} tenuki` : `${colour} ${'ABCDEFGHJKLMNOPQRST'[where.charCodeAt(0) - 97]}${19 - (where.charCodeAt(1) - 97)}`);

test('with --reference the books are shown beside the line, its continuations and a review', async () => {
  const book = path.join(scratch, 'book.sgf');
  writeFileSync(book, '(;GM[1]FF[4]SZ[19];B[pd]C[the star point](;W[nc]BM[1])(;W[jc]C[a pincer]))');
  const reference = ['--reference', 'notes=' + book];
  const other = await browser.newPage();
  await other.setViewport({ width: 1280, height: 1000 });
  try {
    await other.goto((await explore(dictionary, reference)) + '?mode=joseki&moves=B%5Bpd%5D', { waitUntil: 'networkidle0' });
    await other.waitForFunction(() => document.querySelectorAll('#continuations tbody tr').length > 0);
    await other.waitForFunction(() => /; books: notes$/.test(document.getElementById('index-info').textContent));
    // The books' column, a cell a continuation, says what `lookup --reference --json` says.
    const expected = JSON.parse(execFileSync(binary, ['lookup', dictionary, '--moves', 'pd', '--json', ...reference]).toString());
    const cells = await other.$$eval('#continuations tbody td.books', (tds) => tds.map((td) => [td.textContent, getComputedStyle(td).display]));
    const words = (c) => c.books.map((w) => (w.verdict ? `${w.name}: ${w.verdict}` : w.name)).join('; ');
    assert.deepEqual(cells.map(([text]) => text), expected.continuations.map(words));
    assert.ok(cells.every(([, display]) => display === 'table-cell'));
    assert.ok(expected.continuations.some((c) => words(c) === 'notes: mistake'));
    // The line's paragraph is the line `lookup --reference` prints under "Books:".
    const printed = execFileSync(binary, ['lookup', dictionary, '--moves', 'pd', ...reference]).toString();
    const said = await other.$$eval('#summary .books-said', (ps) => ps.map((p) => p.textContent));
    assert.equal(said.length, 1);
    assert.ok(named(printed).includes('Books:\n  ' + said[0] + '\n'), said[0]);
    // A review follows each corner's line in the books, as `review --reference` prints it.
    const game = process.env.JOSEKIC_REVIEW_GAME || '/usr/share/goban/Hon-97-2.mgt';
    await (await other.$('#review-file')).uploadFile(game);
    await other.waitForFunction(() => document.querySelectorAll('#review-out button').length > 0);
    const reviewed = await other.$$eval('#review-out .books-said', (ps) => ps.map((p) => '  ' + p.textContent));
    const reviewText = named(execFileSync(binary, ['review', dictionary, game, ...reference]).toString()).split('\n').filter((l) => l.startsWith('  notes: '));
    assert.ok(reviewed.length > 0);
    assert.deepEqual(reviewed, reviewText);
    // Fuseki lines are not followed in joseki books: no column; a position's corners are.
    await other.goto(other.url().replace(/\?.*/, '') + '?mode=fuseki&moves=B%5Bpd%5D+W%5Bdd%5D', { waitUntil: 'networkidle0' });
    await other.waitForFunction(() => document.querySelectorAll('#corners .books-said').length === 2);
    assert.ok(!(await other.$eval('#continuations', (t) => t.classList.contains('with-books'))));
    const corners = await other.$$eval('#corners .books-said', (ps) => ps.map((p) => p.textContent));
    assert.deepEqual(corners, ['notes: knows the whole line; move 1, B Q16: “the star point”.',
      'notes: knows the whole line; move 1, W D16: “the star point”.']);
  } finally {
    await other.close();
  }
});

test('the line is exported as SGF with its continuations', async () => {
  await page.$eval('#export-depth', (e) => { e.value = '1'; });
  await page.click('#export');
  await page.waitForFunction(() => document.body.dataset.exported);
  const sgf = await page.evaluate(() => document.body.dataset.exported);
  assert.match(sgf, /^\(;GM\[1\]FF\[4\]CA\[UTF-8\]SZ\[19\]/);
  const moves = (await urlMoves()).split(' ');
  for (const m of moves) assert.ok(sgf.includes(';' + m.slice(0, 5)), m);
  // The most played continuation only, two moves deep: one variation, each move in it.
  const before = sgf;
  await page.$eval('#export-depth', (e) => { e.value = '2'; });
  await page.$eval('#export-children', (e) => { e.value = '1'; });
  await page.click('#export');
  await page.waitForFunction((old) => document.body.dataset.exported !== old, {}, before);
  const one = await page.evaluate(() => document.body.dataset.exported);
  const top = lookup(['--moves', moves.join(' ')]).continuations[0].move;
  const below = lookup(['--moves', moves.concat([top]).join(' ')]).continuations;
  const asSgf = (m) => m.replace('[tenuki]', '[]').replace(/^([BW]\[[a-s]*\]).*/, '$1');
  assert.ok(one.includes('(;' + asSgf(top)), top);
  if (below.length) assert.ok(one.includes('(;' + asSgf(below[0].move)), below[0].move);
  assert.equal((one.match(/\(;[BW]\[/g) || []).length, below.length ? 2 : 1);
});

test('pattern mode: stones placed by clicks find the games lookup --corner finds', async (t) => {
  const info = await (await fetch(new URL('/api/info', url))).json();
  if (!info.patterns) { t.skip('the dictionary has no corner patterns (compile --patterns)'); return; }
  await page.goto(url + '?mode=pattern', { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => !document.getElementById('mode-pattern').hidden);
  const corner = (stones) => lookup(['--corner', stones]);
  const summaryCount = () => page.$eval('#summary b', (b) => Number(b.textContent.replace(/,/g, '')));
  await clickPoint('dp');  // a black 4-4 stone in the lower-left corner
  assert.equal(await urlStones(), 'B[dp]');
  assert.equal(await summaryCount(), corner('B[dp]').count);
  assert.deepEqual(await tableCounts(), corner('B[dp]').continuations.map((c) => c.count));
  // A pattern counts occurrences, and the wins of the player to move.
  assert.deepEqual(await page.$$eval('#continuations thead th', (ths) => ths.map((th) => th.textContent).slice(2, 5)),
    ['times', 'share', 'player to move wins (95%)']);
  // A move elsewhere says whose it was, as the API's "player" does.
  const moveCells = await page.$$eval('#continuations tbody tr td:nth-child(2)', (tds) => tds.map((td) => td.textContent));
  corner('B[dp]').continuations.forEach((c, i) => {
    if (c.move === 'elsewhere') assert.equal(moveCells[i], c.player + ' elsewhere');
  });
  assert.ok(corner('B[dp]').continuations.some((c) => c.move === 'elsewhere'), 'a move elsewhere after B[dp]');
  // The most played continuation with a point, added from the table: two stones now.
  const first = corner('B[dp]').continuations;
  const row = first.findIndex((c) => /^[BW]\[[a-s]{2}\]$/.test(c.move));
  assert.ok(row >= 0, 'a continuation with a point');
  const before = await redraws();
  await page.click(`#continuations tbody tr:nth-child(${row + 1})`);
  await settled(before);
  const stones = await urlStones();
  assert.equal(stones.split(' ').length, 2);
  assert.equal(await summaryCount(), corner(stones).count);
  await shot('screenshot-explore-pattern.png');
  // A second click on the black stone makes it white, a third removes it.
  await clickPoint('dp');
  assert.ok((await urlStones()).includes('W[dp]'));
  await clickPoint('dp');
  assert.ok(!(await urlStones()).includes('[dp]'));
  // A lettered point adds the stone of the colour offered: White's answers to a 4-4 stone.
  const api = async (query) => (await fetch(new URL('/api/corner?' + query, url))).json();
  await page.goto(url + '?mode=pattern&stones=B%5Bpd%5D&to_move=white', { waitUntil: 'networkidle0' });
  const offered = (await api('stones=B%5Bpd%5D&to_move=white')).continuations.find((c) => /^W\[[a-s]{2}\]$/.test(c.move));
  assert.ok(offered, 'a white continuation with a point');
  await clickPoint(offered.move.slice(2, 4));
  assert.deepEqual((await urlStones()).split(' ').sort(), ['B[pd]', offered.move].sort());
  // One marker a point, the letter of the most played continuation there (under a 3-3
  // invasion, D3 is both colours' answer); its tooltip names every continuation there.
  await page.goto(url + '?mode=pattern&stones=B%5Bdp%5D+W%5Bcq%5D', { waitUntil: 'networkidle0' });
  const expected = new Map();
  (await api('stones=B%5Bdp%5D+W%5Bcq%5D')).continuations.forEach((c, i) => {
    const p = /^[BW]\[([a-s]{2})\]$/.exec(c.move);
    if (p && !expected.has(p[1])) expected.set(p[1], String.fromCharCode(65 + i));
  });
  const shown = await page.$$eval('#board .marker', (ms) => ms.map((m) => [m.dataset.point, m.querySelector('text').textContent, m.querySelector('title').textContent]));
  assert.deepEqual(shown.map(([p, l]) => [p, l]), [...expected]);
  for (const [, , title] of shown) assert.doesNotMatch(title, /undefined/);
  // The by-era column from the pattern lookup's by_era; no players column (it gives none).
  if (info.eras.length > 1) {
    const cell = await page.$eval('#continuations td.era', (c) => c.textContent);
    for (const e of info.eras) assert.match(cell, new RegExp(e.label + ' (\\d+\\.\\d%|–)'));
    assert.match(cell, /\d+\.\d%/);
  }
  assert.equal(await page.$$eval('#continuations .players', (cs) => cs.filter((c) => c.offsetParent !== null).length), 0);
});

test('in a narrow window the board shrinks to fit, square, and clicks land on their point', async () => {
  await page.setViewport({ width: 360, height: 740 });
  try {
    await page.goto(url + '?mode=joseki&moves=B%5Bpd%5D', { waitUntil: 'networkidle0' });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
    const box = await (await page.$('#board svg')).boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 360, `the board (${box.x}+${box.width}) is in the window`);
    assert.ok(Math.abs(box.width - box.height) < 1, 'square');
    await clickPoint('qq');  // far from the board's origin, where a wrong scale shows most
    assert.equal(await urlMoves(), 'B[pd] W[qq]');
    await shot('screenshot-explore-narrow.png');
  } finally {
    await page.setViewport({ width: 1280, height: 1000 });
  }
});

test('text from a link or a game record is shown as text, never run as markup', async () => {
  // Each would set window.pwned if it ran; the page itself has no <img>.
  const markup = (n) => `<img src=x onerror=window.pwned=${n}>`;
  const ran = () => page.evaluate(() => ({ pwned: window.pwned ?? null, images: document.querySelectorAll('img').length }));
  await page.goto(url + '?mode=joseki&player=' + encodeURIComponent(markup(1)) + '&event=' + encodeURIComponent(markup(2)),
    { waitUntil: 'networkidle0' });
  assert.deepEqual(await ran(), { pwned: null, images: 0 });
  const summary = await page.$eval('#summary', (e) => e.textContent);
  assert.ok(summary.includes(markup(1)) && summary.includes(markup(2)), summary);
  // A game whose names, date, result and event (and file name) are markup, in a dictionary
  // of its own: listed in the games table, then opened.
  const dir = compileGames('markup', { [markup(3) + '.sgf']: `(;GM[1]FF[4]SZ[19]PB[${markup(4)}]BR[9d]PW[${markup(5)}]WR[9d]` +
    `DT[2019-01-01]RE[${markup(6)}]EV[${markup(7)}];B[pd];W[dd];B[pq];W[dp];B[qk])` });
  await page.goto((await explore(dir)) + '?mode=fuseki', { waitUntil: 'networkidle0' });
  const row = await page.$eval('#games tr', (r) => ({ text: r.textContent, title: r.title }));
  for (const n of [4, 5, 6, 7]) assert.ok(row.text.includes(markup(n)), row.text);
  assert.ok(row.title.includes(markup(3)), row.title);
  const before = await redraws();
  await page.click('#games tr');
  await settled(before);
  assert.ok((await page.$eval('#game-title', (e) => e.textContent)).includes(markup(4)));
  assert.deepEqual(await ran(), { pwned: null, images: 0 });
});

test('a link may give its moves as the API takes them, and says when it cannot be read', async () => {
  await page.goto(url + '?mode=joseki&moves=pd+qc', { waitUntil: 'networkidle0' });
  assert.equal(await urlMoves(), 'B[pd] W[qc]');
  assert.deepEqual(await tableCounts(), lookup(['--moves', 'pd qc']).continuations.map((c) => c.count));
  await page.goto(url + '?mode=joseki&moves=pd+zz', { waitUntil: 'networkidle0' });
  assert.match(await page.$eval('#error', (e) => e.textContent), /moves could not be read.*'zz'/);
  assert.equal(await urlMoves(), '');
  // A pass, as the page writes it in fuseki mode, stays a pass (not the point "pa").
  await page.goto(url + '?mode=fuseki&moves=' + encodeURIComponent('B[pd] W[pass] B[dd]'), { waitUntil: 'networkidle0' });
  assert.equal(await urlMoves(), 'B[pd] W[pass] B[dd]');
  assert.deepEqual(await page.$$eval('#moves .move', (ms) => ms.map((m) => m.textContent)), ['1. B Q16', '2. W pass', '3. B D16']);
  // A pattern link's stones that are not stones are named, the others kept.
  await page.goto(url + '?mode=pattern&stones=' + encodeURIComponent('B[pd] X[qc] W[zz]'), { waitUntil: 'networkidle0' });
  assert.match(await page.$eval('#error', (e) => e.textContent), /stones X\[qc\] W\[zz\] could not be read.*the others are shown/);
  assert.equal(await urlStones(), 'B[pd]');
});

test('Back goes back a view, and a row is played or opened from the keyboard', async () => {
  await page.goto(url + '?mode=joseki&moves=pd', { waitUntil: 'networkidle0' });
  const first = lookup(['--moves', 'pd']).continuations[0].move;
  // Tab to the first continuation's row, Enter plays it.
  let before = await redraws();
  await page.focus('#continuations tbody tr');
  await page.keyboard.press('Enter');
  await settled(before);
  assert.equal(await urlMoves(), 'B[pd] ' + first);
  // The focus stays on the table's first row, also once the trends have filled its columns.
  await page.waitForFunction(() => document.querySelector('#continuations td.players').textContent !== '–');
  assert.equal(await page.evaluate(() => document.activeElement === document.querySelector('#continuations tbody tr')), true);
  before = await redraws();
  await page.goBack();
  await settled(before);
  assert.equal(await urlMoves(), 'B[pd]');
  assert.deepEqual(await tableCounts(), lookup(['--moves', 'pd']).continuations.map((c) => c.count));
  before = await redraws();
  await page.goForward();
  await settled(before);
  assert.equal(await urlMoves(), 'B[pd] ' + first);
  // A game opened with Enter; a continuation played then leaves it, board and table alike.
  before = await redraws();
  await page.focus('#games tr');
  await page.keyboard.press('Enter');
  await settled(before);
  assert.equal(await page.$eval('#game-bar', (e) => e.hidden), false);
  before = await redraws();
  await page.click('#continuations tbody tr');
  await settled(before);
  assert.equal(await page.$eval('#game-bar', (e) => e.hidden), true);
  assert.equal((await urlMoves()).split(' ').length, 3);
});

test('an open game is a view of its own: in the URL, left and reopened by Back and Forward', async () => {
  await page.goto(url + '?mode=joseki&moves=pd', { waitUntil: 'networkidle0' });
  let before = await redraws();
  await page.click('#games tr');
  await settled(before);
  const opened = await page.evaluate(() => location.search);
  assert.match(opened, /[?&]game=\d+&game_move=\d+/);
  // Stepping through the game keeps one entry, with the move it is at.
  await page.keyboard.press('ArrowRight');
  const stepped = await page.evaluate(() => location.search);
  assert.notEqual(stepped, opened);
  before = await redraws();
  await page.goBack();
  await settled(before);
  assert.equal(await page.$eval('#game-bar', (e) => e.hidden), true);
  assert.equal(await urlMoves(), 'B[pd]');
  before = await redraws();
  await page.goForward();
  await page.waitForFunction(() => !document.getElementById('game-bar').hidden);
  assert.equal(await page.evaluate(() => location.search), stepped);
  // A link to the game opens it; a corner's "explore" leaves it for the corner's line.
  const line = lookup(['--fuseki', '--moves', '']).continuations.slice(0, 1).map((c) => c.move);
  await page.goto(url + '?mode=fuseki&moves=' + encodeURIComponent(line.join(' ')) + '&' + stepped.slice(1).split('&').filter((kv) => kv.startsWith('game')).join('&'), { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => !document.getElementById('game-bar').hidden);
  await page.waitForFunction(() => document.querySelectorAll('#corners p.corner button').length > 0);
  before = await redraws();
  await page.click('#corners p.corner button');
  await settled(before);
  assert.equal(await page.$eval('#game-bar', (e) => e.hidden), true);
  assert.equal(await page.evaluate(() => new URLSearchParams(location.search).get('game')), null);
});

test('a first stone the dictionary cannot hold is refused and not kept', async () => {
  await page.goto(url + '?mode=joseki', { waitUntil: 'networkidle0' });
  await page.evaluate(() => { document.getElementById('error').textContent = ''; });
  const box = await (await page.$('#board svg')).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);  // tengen, jj
  await page.waitForFunction(() => document.getElementById('error').textContent !== '');
  assert.match(await page.$eval('#error', (e) => e.textContent), /centre line/);
  assert.equal(await urlMoves(), '');
  assert.deepEqual(await page.$$eval('#moves .move', (ms) => ms.length), 0);
});

test('off the book, a move offered instead takes the place of the move that left it', async () => {
  const line = 'pd ' + lookup(['--moves', 'pd']).continuations[0].move + ' B[jj]';
  const off = lookup(['--moves', line]);
  assert.equal(off.found, false);
  assert.equal(off.left_at.move_number, 3);
  await page.goto(url + '?mode=joseki&moves=' + encodeURIComponent(line), { waitUntil: 'networkidle0' });
  const before = await redraws();
  await page.click('#continuations tbody tr');
  await settled(before);
  const moves = (await urlMoves()).split(' ');
  assert.deepEqual(moves, [...line.split(' ').slice(0, 2).map((m, i) => (i === 0 ? 'B[pd]' : m)), off.continuations[0].move]);
});

test('under filters, a line the dictionary holds is told from one it does not', async () => {
  // No game passes --until 1900: pd is held but none plays it; pd X jj is not held at all.
  const summary = async (moves) => {
    await page.goto(url + '?mode=joseki&until=1900&moves=' + encodeURIComponent(moves), { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => /at move/.test(document.getElementById('summary').textContent));
    return page.$eval('#summary', (e) => e.textContent);
  };
  assert.match(await summary('pd'), /^No game that passes the filters plays this line: they leave it at move 1, /);
  const line = 'pd ' + lookup(['--moves', 'pd']).continuations[0].move + ' B[jj]';
  assert.match(await summary(line), /^Not in the dictionary, and the games that pass the filters leave the line at move 1, /);
});

test('with swapped colours White plays first, from the empty board on', async () => {
  await page.goto(url + '?mode=joseki', { waitUntil: 'networkidle0' });
  let before = await redraws();
  await page.click('#swap');
  await settled(before);
  const shown = await page.$eval('#continuations tbody tr td:nth-child(2)', (c) => c.textContent);
  assert.match(shown, /^W /);
  before = await redraws();
  await page.click('#continuations tbody tr');
  await settled(before);
  assert.match(await urlMoves(), /^W\[/);
  assert.equal(await page.evaluate(() => new URLSearchParams(location.search).get('swap')), '1');
  // Not offered where it has no meaning: an opening of the index is Black's.
  before = await redraws();
  await page.click('#mode-fuseki');
  await settled(before);
  assert.equal(await page.$eval('#swap', (e) => e.hidden), true);
  // A link with swap=1 and moves without colours: White's first.
  await page.goto(url + '?mode=joseki&moves=pd+qc&swap=1', { waitUntil: 'networkidle0' });
  assert.equal(await urlMoves(), 'W[pd] B[qc]');
});

test('the page asks for nothing that is not there, /favicon.ico included', () => {
  assert.deepEqual(notFound, []);
});
