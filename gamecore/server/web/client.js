// The browser client of `gamecore serve`: lobby, board (SVG from the game's own geometry),
// clocks and move list. Plain JavaScript, no build step; the protocol is docs/server.md.
"use strict";

const app = {
  ws: null, nextId: 1, pending: new Map(), games: [],
  game: null, geometry: null, geometryKey: null, mySeats: [], selected: null, flipped: false,
  clockBase: null, clockAt: 0, lastMove: null,
};
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

function say(text) { $("status").textContent = text || ""; }

function saved() { return JSON.parse(localStorage.getItem("gamecore-seats") || "{}"); }
function remember(gameId, seat, token) {
  const all = saved(); all[gameId] = { seat, token }; localStorage.setItem("gamecore-seats", JSON.stringify(all));
}
function forget(gameId) { const all = saved(); delete all[gameId]; localStorage.setItem("gamecore-seats", JSON.stringify(all)); }

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  app.ws = new WebSocket(scheme + location.host + "/ws");
  app.ws.onopen = async () => {
    $("conn").textContent = "connected";
    const welcome = await request("hello", { protocol: 1, name: myName() });
    fillGameChoices(welcome.games);
    await refreshLobby();
    await rejoinSaved();
  };
  app.ws.onmessage = (e) => handle(JSON.parse(e.data));
  app.ws.onclose = () => {
    $("conn").textContent = "disconnected: reconnecting…";
    for (const p of app.pending.values()) p.reject({ message: "connection lost" });
    app.pending.clear();
    setTimeout(connect, 2000);
  };
}

function request(type, fields) {
  const id = app.nextId++;
  app.ws.send(JSON.stringify({ type, id, ...fields }));
  return new Promise((resolve, reject) => app.pending.set(id, { resolve, reject }));
}

function handle(msg) {
  const waiter = app.pending.get(msg.reply_to);
  if (waiter) {
    app.pending.delete(msg.reply_to);
    if (msg.type === "error") { waiter.reject(msg); return; }
    waiter.resolve(msg);
  } else if (msg.type === "error") { say(msg.message); return; }
  if (msg.type === "state") showGame(msg.game);
  else if (msg.type === "moved") moved(msg);
  else if (msg.type === "ended") ended(msg);
  else if (msg.type === "seated" && app.game && msg.game.game_id === app.game.game_id) {
    Object.assign(app.game, msg.game); drawSide();
  } else if (msg.type === "draw_offered" && app.game && msg.game_id === app.game.game_id) {
    say(`${seatName(msg.seat)} offers a draw: offer one back to agree`);
  }
}

function myName() { return $("name").value.trim() || localStorage.getItem("gamecore-name") || "guest"; }

function fillGameChoices(names) {
  const select = $("new-game"); select.innerHTML = "";
  for (const name of names) { const o = document.createElement("option"); o.value = o.textContent = name; select.append(o); }
}

async function refreshLobby() {
  if (!app.ws || app.ws.readyState !== WebSocket.OPEN) return;
  const lobby = await request("list", {});
  app.games = lobby.games;
  const body = $("games"); body.innerHTML = "";
  for (const g of [...app.games].reverse()) {
    const row = document.createElement("tr");
    const seats = g.seats.map((s) => s.taken ? s.name : (s.kind === "engine" ? "(engine)" : "(free)")).join(", ");
    const opts = Object.entries(g.options).map(([k, v]) => `${k}=${v}`).join(" ");
    const state = g.status === "finished" ? `${g.result} (${g.termination})` : `${g.status}, ply ${g.ply}`;
    for (const text of [g.game_id, `${g.game} ${opts}`, seats, g.clock ? g.clock.join(", ") : "—", state]) {
      const td = document.createElement("td"); td.textContent = text; row.append(td);
    }
    const actions = document.createElement("td");
    const mine = saved()[g.game_id];
    if (mine && g.status !== "finished") actions.append(button("resume", () => rejoin(g.game_id, mine.token)));
    else if (g.status === "waiting" && g.seats.some((s) => !s.taken && s.kind === "open")) {
      actions.append(button("join", () => join(g.game_id)));
    }
    actions.append(button("watch", () => watch(g.game_id)));
    if (g.status === "finished") {
      const a = document.createElement("a"); a.href = `/api/games/${g.game_id}/record`; a.textContent = "record"; actions.append(a);
    }
    row.append(actions); body.append(row);
  }
}

function button(text, action) {
  const b = document.createElement("button"); b.textContent = text; b.onclick = action; b.dataset.action = text; return b;
}

async function create(event) {
  event.preventDefault();
  localStorage.setItem("gamecore-name", myName());
  const game = $("new-game").value;
  const options = {};
  for (const pair of $("new-options").value.trim().split(/\s+/).filter(Boolean)) {
    const [k, v] = pair.split("=");
    options[k] = /^\d+$/.test(v) ? Number(v) : v;
  }
  const query = new URLSearchParams(options).toString();
  const response = await fetch(`/api/geometry/${encodeURIComponent(game)}?${query}`);
  if (!response.ok) { say(await response.text()); return; }
  const geometry = await response.json();
  const engines = $("new-engines").value.split(",").map((s) => s.trim()).filter(Boolean).map(Number);
  const seats = geometry.player_names.map((_, i) => engines.includes(i) ? "engine" : "open");
  const clock = $("new-clock").value.trim() || null;
  try {
    const created = await request("create", { game, options, clock, seats });
    // Every seat an engine's: there is no seat to take, so watch the engines play.
    if (seats.includes("open")) await join(created.game.game_id);
    else await watch(created.game.game_id);
  } catch (e) { say(e.message); }
}

async function join(gameId) {
  try {
    const joined = await request("join", { game_id: gameId, name: myName() });
    remember(gameId, joined.seat, joined.token);
    app.mySeats = [joined.seat];
    say(`you sit at seat ${joined.seat}`);
  } catch (e) { say(e.message); }
}

async function rejoin(gameId, token) {
  try {
    const joined = await request("rejoin", { game_id: gameId, token });
    app.mySeats = [joined.seat];
  } catch (e) { forget(gameId); say(e.message); }
}

async function rejoinSaved() {
  for (const [gameId, seat] of Object.entries(saved())) {
    const g = app.games.find((x) => x.game_id === Number(gameId));
    if (!g || g.status === "finished") { forget(gameId); continue; }
    await rejoin(Number(gameId), seat.token);
  }
}

async function watch(gameId) {
  app.mySeats = [];
  try { await request("watch", { game_id: gameId }); } catch (e) { say(e.message); }
}

async function showGame(game) {
  const mine = saved()[game.game_id];
  if (mine && !app.mySeats.includes(mine.seat) && app.game?.game_id !== game.game_id) app.mySeats = [mine.seat];
  app.game = game;
  app.lastMove = null;
  app.selected = null;
  app.clockBase = game.clocks; app.clockAt = performance.now();
  // Each game's board is fetched once, and nothing is drawn before it is here: a move of
  // this game on another game's board would name cells that board does not have. States
  // that come meanwhile wait for it, and the fetch draws the newest.
  const query = new URLSearchParams(game.options).toString();
  const key = `${encodeURIComponent(game.game)}?${query}`;
  if (app.geometryKey !== key) {
    app.geometry = null; app.geometryKey = key;
    let geometry;
    try {
      const response = await fetch(`/api/geometry/${key}`);
      if (!response.ok) throw new Error(await response.text());
      geometry = await response.json();
    } catch (e) {
      if (app.geometryKey === key) app.geometryKey = null;
      say(`cannot draw the board: ${e.message}`); return;
    }
    if (app.geometryKey !== key) return;  // another game's state came meanwhile
    app.geometry = geometry;
  } else if (!app.geometry) return;
  $("lobby").style.display = "none"; $("play").style.display = "block";
  $("record").href = `/api/games/${app.game.game_id}/record`;
  drawBoard(); drawSide();
}

function moved(msg) {
  const g = app.game;
  if (!g || msg.game_id !== g.game_id) return;
  // The move's cells, from the legal moves it was one of (the message names it in text).
  const made = (g.legal || []).find(([text]) => text === msg.move);
  app.lastMove = made ? [made[1], made[2]] : null;
  g.moves.push(msg.move); g.ply = msg.ply; g.pieces = msg.pieces; g.legal = msg.legal;
  g.to_move = msg.to_move; g.status = msg.status; g.clocks = msg.clocks;
  app.clockBase = msg.clocks; app.clockAt = performance.now();
  app.selected = null;
  say("");
  drawBoard(); drawSide();
}

function ended(msg) {
  if (!app.game || msg.game.game_id !== app.game.game_id) return;
  Object.assign(app.game, msg.game);
  app.game.legal = []; app.game.to_move = null; app.game.clocks = msg.clocks; app.clockBase = msg.clocks;
  forget(app.game.game_id);
  say(`game over: ${msg.game.result} (${msg.game.termination})`);
  drawBoard(); drawSide();
}

function seatName(seat) {
  const s = app.game.seats[seat];
  return `${s.player}${s.name ? " (" + s.name + ")" : ""}`;
}

function myTurn() { return app.game && app.game.status === "playing" && app.mySeats.includes(app.game.to_move); }

function centroid(polygon) {
  let x = 0, y = 0;
  for (const [px, py] of polygon) { x += px; y += py; }
  return [x / polygon.length, y / polygon.length];
}

function drawBoard() {
  const g = app.game, geo = app.geometry;
  const holder = $("board"); holder.innerHTML = "";
  if (!g || !geo) return;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const c of geo.cells) for (const [x, y] of c.polygon) {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const w = maxX - minX, h = maxY - minY, pad = 0.02 * Math.max(w, h);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `${minX - pad} ${-maxY - pad} ${w + 2 * pad} ${h + 2 * pad}`);
  const root = document.createElementNS(SVG, "g");
  if (app.flipped) root.setAttribute("transform", `rotate(180 ${(minX + maxX) / 2} ${-(minY + maxY) / 2})`);
  svg.append(root);
  const targets = new Set(), froms = new Set();
  for (const [, from, to] of (myTurn() ? g.legal : [])) {
    froms.add(from);
    if (app.selected !== null && from === app.selected) targets.add(to);
  }
  const sizes = {}, marks = [];
  for (const c of geo.cells) {
    const poly = document.createElementNS(SVG, "polygon");
    poly.setAttribute("points", c.polygon.map(([x, y]) => `${x},${-y}`).join(" "));
    poly.setAttribute("fill", targets.has(c.index) ? "#64b5f6" : c.color);
    poly.setAttribute("stroke", "#333"); poly.setAttribute("stroke-width", 0.003 * Math.max(w, h));
    poly.classList.add("cell");
    const kind = c.index === app.selected ? "selected"
      : app.lastMove && app.lastMove.includes(c.index) ? "last" : null;
    if (kind) { poly.classList.add(kind); marks.push([c, kind]); }
    poly.id = `cell-${c.index}`; poly.dataset.cell = c.index; poly.dataset.name = c.name;
    poly.addEventListener("click", () => clickCell(c.index));
    root.append(poly);
    const xs = c.polygon.map((p) => p[0]), ys = c.polygon.map((p) => p[1]);
    sizes[c.index] = Math.min(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  }
  // The selected cell and the last move, drawn over every cell so no neighbour covers them.
  for (const [c, kind] of marks) {
    const mark = document.createElementNS(SVG, "polygon");
    mark.setAttribute("points", c.polygon.map(([x, y]) => `${x},${-y}`).join(" "));
    mark.classList.add(`mark-${kind}`); mark.style.pointerEvents = "none";
    mark.setAttribute("stroke-width", 0.08 * sizes[c.index]);
    root.append(mark);
  }
  const query = new URLSearchParams(g.options).toString();
  for (const [cell, glyph, player] of g.pieces) {
    const c = geo.cells[cell]; const [cx, cy] = centroid(c.polygon); const s = sizes[cell] * 0.85;
    const img = document.createElementNS(SVG, "image");
    img.setAttribute("href", `/api/art/${encodeURIComponent(g.game)}/${encodeURIComponent(glyph)}/${player}.svg?${query}`);
    img.setAttribute("x", cx - s / 2); img.setAttribute("y", -cy - s / 2);
    img.setAttribute("width", s); img.setAttribute("height", s);
    if (app.flipped) img.setAttribute("transform", `rotate(180 ${cx} ${-cy})`);
    img.style.pointerEvents = "none"; img.dataset.cell = cell; img.dataset.player = player;
    root.append(img);
  }
  holder.append(svg);
}

function clickCell(cell) {
  if (!myTurn()) return;
  const legal = app.game.legal;
  const placing = legal.filter(([, from, to]) => to === cell && (from === -1 || from === to));
  if (app.selected === null && placing.length && !legal.some(([, from]) => from === cell && from !== -1 && placing.every(([, f]) => f !== from))) {
    return choose(placing);
  }
  if (app.selected !== null) {
    const chosen = legal.filter(([, from, to]) => from === app.selected && to === cell);
    if (chosen.length) return choose(chosen);
  }
  app.selected = legal.some(([, from]) => from === cell) ? cell : null;
  drawBoard();
}

function choose(moves) {
  if (moves.length === 1) return play(moves[0][0]);
  const select = $("move-choice");
  select.innerHTML = "";
  for (const [text] of moves) { const o = document.createElement("option"); o.value = o.textContent = text; select.append(o); }
  say("more than one move goes there: choose it beside the board, then play");
}

async function play(text) {
  const g = app.game;
  const seat = g.to_move;
  app.selected = null;
  try { await request("move", { game_id: g.game_id, seat, move: text, ply: g.ply }); }
  catch (e) { say(e.message); drawBoard(); }
}

function drawSide() {
  const g = app.game; if (!g) return;
  const opts = Object.entries(g.options).map(([k, v]) => `${k}=${v}`).join(" ");
  $("title").textContent = `game ${g.game_id}: ${g.game} ${opts} — ${g.status === "finished" ? g.result : g.status}`;
  const seats = $("seats"); seats.innerHTML = "";
  g.seats.forEach((s, i) => {
    const line = document.createElement("div");
    const swatch = document.createElement("span"); swatch.className = "swatch";
    swatch.style.background = app.geometry ? app.geometry.player_colors[i] : "#888";
    const clock = document.createElement("span"); clock.className = "clock"; clock.id = `clock-${i}`;
    if (g.to_move === i && g.status === "playing") clock.classList.add("running");
    line.append(swatch, ` ${seatName(i)}${app.mySeats.includes(i) ? " — you" : ""} `, clock);
    seats.append(line);
  });
  const list = $("moves"); list.innerHTML = "";
  for (const m of g.moves) { const li = document.createElement("li"); li.textContent = m; list.append(li); }
  list.scrollTop = list.scrollHeight;
  const select = $("move-choice"); select.innerHTML = "";
  for (const [text] of myTurn() ? g.legal : []) { const o = document.createElement("option"); o.value = o.textContent = text; select.append(o); }
  for (const id of ["move-choice", "play-move", "offer-draw", "resign"]) $(id).disabled = !(g.status === "playing" && app.mySeats.length);
  tickClocks();
}

function clockText(seconds) {
  seconds = Math.max(0, seconds);
  if (seconds < 10) return (Math.floor(seconds * 10) / 10).toFixed(1);
  const s = Math.floor(seconds), m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

function tickClocks() {
  const g = app.game; if (!g || !app.clockBase) return;
  const spent = (performance.now() - app.clockAt) / 1000;
  app.clockBase.forEach((left, i) => {
    const el = $(`clock-${i}`);
    if (el) el.textContent = clockText(g.status === "playing" && g.to_move === i ? left - spent : left);
  });
}

$("create").addEventListener("submit", create);
$("back").onclick = () => { $("play").style.display = "none"; $("lobby").style.display = "block"; app.game = null; refreshLobby(); };
$("flip").onclick = () => { app.flipped = !app.flipped; drawBoard(); };
$("play-move").onclick = () => { const v = $("move-choice").value; if (v) play(v); };
$("resign").onclick = () => request("resign", { game_id: app.game.game_id, seat: app.mySeats[0] }).catch((e) => say(e.message));
$("offer-draw").onclick = () => request("offer_draw", { game_id: app.game.game_id, seat: app.mySeats[0] }).catch((e) => say(e.message));
$("name").value = localStorage.getItem("gamecore-name") || "";
setInterval(tickClocks, 200);
// A refresh that fails (the connection dropped) waits for the reconnection's own.
setInterval(() => { if ($("lobby").style.display !== "none") refreshLobby().catch(() => {}); }, 3000);
connect();
