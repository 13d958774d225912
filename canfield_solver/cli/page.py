"""A self-contained HTML page to step through a move list: the board, the move list beside it,
buttons and arrow keys, the current move's piles highlighted.

Every position on the page is the referee's (``referee.apply`` in Python); the page's script only
draws the position it is given, so it knows no rule. Everything from the data is inserted with
``textContent`` and the data itself sits in a JSON block escaped for HTML, so no card name, deal
name or file path can inject markup. No network, no external file: CSS and script are inline.
"""

from __future__ import annotations

import html
import json

from canfield_solver.core.cards import SUIT_LETTERS, card_name, suit_of
from canfield_solver.core.position import Position
from canfield_solver.core.referee import COLUMN, DRAW, FOUNDATION, RECYCLE, RESERVE, Move, moved_cards, positions_after
from canfield_solver.core.rules import Rules
from canfield_solver.formats.move_text import format_move, strip_line
from canfield_solver.formats.position_line import foundation_suits
from canfield_solver.formats.step_text import format_steps, group_steps


def _pile(kind: str, index: int) -> str:
    return f"column-{index + 1}" if kind == COLUMN else kind


def _piles(position: Position, move: Move) -> tuple[str, str]:
    """The page's ids of the pile ``move`` takes its card(s) from and the one it puts them on."""
    if move.kind == DRAW:
        return "stock", "waste"
    if move.kind == RECYCLE:
        return "waste", "stock"
    card = moved_cards(position, move)[0]
    source = f"foundation-{SUIT_LETTERS[suit_of(card)]}" if move.kind == FOUNDATION else _pile(move.kind, move.source_index)
    target = f"foundation-{SUIT_LETTERS[suit_of(card)]}" if move.target == FOUNDATION else _pile(COLUMN, move.target_index)
    return source, target


def _board(position: Position) -> dict:
    """What the page draws of ``position``: every card face up except the stock's."""
    foundations = []
    for suit in foundation_suits(position):
        top = position.foundation_top(suit)
        foundations.append({"suit": SUIT_LETTERS[suit], "top": None if top is None else card_name(top),
                            "count": position.foundations[suit]})
    return {
        "foundations": foundations,
        "reserve": [card_name(card) for card in position.reserve],
        "stock": len(position.stock),
        "waste": [card_name(card) for card in position.waste],
        "tableau": [[card_name(card) for card in column] for column in position.tableau],
        "score": position.score,
        "recycles": position.recycles,
    }


def page_data(title: str, start: Position, moves: list[Move], rules: Rules) -> dict:
    """The page's data: the boards after 0..n moves, each move's text and piles, the step lines."""
    positions = positions_after(start, moves, rules)
    step_of = {}
    for number, step in enumerate(group_steps(moves)):
        for index in step:
            step_of[index] = number
    records = []
    for index, move in enumerate(moves):
        before, after = positions[index], positions[index + 1]
        source, target = _piles(before, move)
        refill = move.kind != RESERVE and len(after.reserve) < len(before.reserve)
        records.append({"text": format_move(move, before), "from": source, "to": target,
                        "step": step_of[index], "refill": refill})
    steps = [{"text": strip_line(line), "score": positions[step.stop].score, "tap": line.endswith("tap"),
              "last": step.stop}
             for line, step in zip(format_steps(start, moves, rules), group_steps(moves), strict=True)]
    return {"title": title, "draw": rules.draw, "rules": rules.label, "boards": [_board(p) for p in positions],
            "moves": records, "steps": steps}


def _script_json(data: dict) -> str:
    """JSON that is safe inside a ``<script>`` element (no ``</script>``, no HTML comment opener)."""
    text = json.dumps(data, ensure_ascii=False)
    for raw, escaped in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(raw, escaped)
    return text


def render_page(title: str, start: Position, moves: list[Move], rules: Rules) -> str:
    """The whole HTML page of ``moves`` played from ``start`` under ``rules``."""
    data = page_data(title, start, moves, rules)
    heading = f"Canfield {title}, draw {rules.draw}"
    return (_PAGE.replace("{{title}}", html.escape(heading))
            .replace("{{data}}", _script_json(data))
            .replace("{{css}}", _CSS).replace("{{script}}", _SCRIPT))


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}}</title>
<style>{{css}}</style>
</head>
<body>
<header><h1>{{title}}</h1><p id="rules"></p></header>
<main>
<section id="play" aria-label="board">
  <div id="board">
    <div class="row" id="foundations"></div>
    <div class="row" id="talon">
      <div class="slot"><div class="label">Reserve</div><div class="pile" id="reserve"></div></div>
      <div class="slot"><div class="label">Stock</div><div class="pile" id="stock"></div></div>
      <div class="slot wide"><div class="label">Waste</div><div class="pile fan" id="waste"></div></div>
    </div>
    <div class="row" id="columns"></div>
  </div>
  <div id="controls">
    <button id="first" title="Start (Home)" aria-label="start">|&#x25C0;</button>
    <button id="back" title="Back one move (Left arrow)" aria-label="back">&#x25C0;</button>
    <button id="next" title="Forward one move (Right arrow)" aria-label="forward">&#x25B6;</button>
    <button id="last" title="End (End)" aria-label="end">&#x25B6;|</button>
  </div>
  <p id="status"><span id="counter"></span> <span id="score"></span></p>
  <p id="current" aria-live="polite"></p>
</section>
<section id="list" aria-label="moves"><ol id="steps"></ol></section>
</main>
<script type="application/json" id="data">{{data}}</script>
<script>{{script}}</script>
</body>
</html>
"""

_CSS = """
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#0b5d2a;color:#f4f4f4}
header{padding:.5rem 1rem}
h1{font-size:1.2rem;margin:0}
#rules{margin:.2rem 0 0;font-size:.85rem;opacity:.85}
main{display:flex;gap:1rem;padding:0 1rem 1rem;align-items:flex-start}
#play{flex:0 0 auto}
#list{position:relative;flex:1 1 16rem;max-height:calc(100vh - 5rem);overflow-y:auto;background:#0a4d23;border-radius:8px}
#steps{margin:0;padding:.5rem .5rem .5rem 3rem;font-size:.95rem}
#steps li{padding:.15rem .3rem;border-radius:4px;cursor:pointer}
#steps li.done{opacity:.55}
#steps li.now{background:#ffe98a;color:#222;opacity:1}
#board{--w:min(64px,19vw);--h:calc(var(--w)*1.4)}
.row{display:flex;gap:.5rem;margin-bottom:.6rem}
.slot{display:flex;flex-direction:column;align-items:center;width:var(--w)}
.slot.wide{width:calc(var(--w)*2.35)}
.label{font-size:.75rem;opacity:.85;height:1.1rem;white-space:nowrap}
.count{font-size:.8rem;height:1.1rem;margin-top:.2rem}
.mark{font-size:.8em;opacity:.75;margin-left:.6em}
.pile{position:relative;width:var(--w);min-height:var(--h);border:2px solid rgba(255,255,255,.25);border-radius:7px}
.fan{width:calc(var(--w)*2.35)}
.pile.from{outline:3px dashed #ffb347;outline-offset:2px}
.pile.to{outline:3px solid #7cf;outline-offset:2px}
.card{position:absolute;left:-2px;width:var(--w);height:var(--h);background:#fff;color:#111;border:1px solid #777;
  border-radius:7px;padding:2px 3px;font-weight:600;font-size:calc(var(--w)*.27);letter-spacing:-.03em;line-height:1.1;white-space:nowrap}
.card.red{color:#c8102e}
.card.down{background:repeating-linear-gradient(45deg,#1d4e9e 0 5px,#2f66c1 5px 10px)}
.card.moved{box-shadow:0 0 0 3px #7cf}
.ghost{text-align:center;font-size:calc(var(--w)*.5);line-height:var(--h);opacity:.35}
.card .big{position:absolute;right:4px;bottom:2px;font-size:calc(var(--w)*.45)}
.column .card{left:-2px}
#controls{display:flex;gap:.5rem;margin-top:.3rem}
#controls button{font-size:1.3rem;min-width:3rem;min-height:2.6rem;border-radius:8px;border:0;background:#f4f4f4;color:#111;cursor:pointer}
#controls button:disabled{opacity:.4;cursor:default}
#status{margin:.5rem 0 .2rem;font-variant-numeric:tabular-nums}
#current{margin:0;min-height:2.6em;font-size:1.05rem}
@media (max-width:700px){main{flex-direction:column}#play,#list{width:100%}#list{max-height:45vh}}
"""

_SCRIPT = r"""
(function(){
"use strict";
var data = JSON.parse(document.getElementById("data").textContent);
var RED = {"\u2665": true, "\u2666": true};
var SUIT = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"};
var at = 0, last = data.moves.length;
var $ = function(id){ return document.getElementById(id); };

function arrow(text){ return text.split(" -> ").join(" \u2192 "); }
function el(tag, cls, text){
  var node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}
function card(name, offset){
  var suit = name.slice(-1), node = el("div", "card" + (RED[suit] ? " red" : ""));
  node.dataset.card = name;
  node.appendChild(el("span", "", name));
  node.appendChild(el("span", "big", suit));
  node.style.top = offset.top + "px";
  node.style.left = offset.left;
  return node;
}
function faceDown(){ var node = el("div", "card down"); node.style.top = "-2px"; node.dataset.card = "??"; return node; }
function slot(label, id, count){
  var box = el("div", "slot"), pile = el("div", "pile");
  box.appendChild(el("div", "label", label));
  pile.id = id; box.appendChild(pile);
  var n = el("div", "count", count); n.id = id + "-count"; box.appendChild(n);
  return box;
}
function fill(pile, cards, step, fan){
  pile.textContent = "";
  cards.forEach(function(name, i){
    pile.appendChild(card(name, {top: fan ? -2 : -2 + i * step, left: fan ? "calc(var(--w) * " + (0.66 * i) + " - 2px)" : "-2px"}));
  });
}
function build(){
  $("rules").textContent = "Rules: draw " + data.draw + ", " + data.rules + ". Keys: \u2190 \u2192, Home, End.";
  var row = $("foundations");
  data.boards[0].foundations.forEach(function(f){ row.appendChild(slot("Foundation", "foundation-" + f.suit, "")); });
  var cols = $("columns");
  for (var c = 1; c <= 4; c++){ var s = slot("Column " + c, "column-" + c, ""); s.querySelector(".pile").classList.add("column"); cols.appendChild(s); }
  ["reserve", "stock", "waste"].forEach(function(id){
    var n = el("div", "count"); n.id = id + "-count"; $(id).parentNode.appendChild(n);
  });
  var list = $("steps");
  data.steps.forEach(function(step, i){
    var item = el("li", "", arrow(step.text));
    item.appendChild(el("span", "mark", "score " + step.score + (step.tap ? " \u00b7 tap" : "")));
    item.dataset.step = i;
    item.addEventListener("click", function(){ go(step.last); });
    list.appendChild(item);
  });
  $("first").onclick = function(){ go(0); };
  $("back").onclick = function(){ go(at - 1); };
  $("next").onclick = function(){ go(at + 1); };
  $("last").onclick = function(){ go(last); };
  document.addEventListener("keydown", function(event){
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var to = {"ArrowRight": at + 1, "ArrowLeft": at - 1, "Home": 0, "End": last}[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  });
}
function draw(board){
  var step = Math.max(14, Math.min(26, Math.round(document.getElementById("board").clientWidth / 14)));
  board.foundations.forEach(function(f){
    var pile = $("foundation-" + f.suit);
    fill(pile, f.top ? [f.top] : [], 0, false);
    if (!f.top) pile.appendChild(el("div", "ghost", SUIT[f.suit]));
    $("foundation-" + f.suit + "-count").textContent = f.count + " of 13";
  });
  fill($("reserve"), board.reserve.slice(-1), 0, false);
  $("reserve-count").textContent = board.reserve.length + (board.reserve.length === 1 ? " card" : " cards");
  var stock = $("stock"); stock.textContent = "";
  if (board.stock) stock.appendChild(faceDown());
  $("stock-count").textContent = board.stock + (board.stock === 1 ? " card" : " cards");
  fill($("waste"), board.waste.slice(data.draw === 3 ? -3 : -1), 0, true);
  $("waste-count").textContent = board.waste.length + (board.waste.length === 1 ? " card" : " cards");
  board.tableau.forEach(function(column, i){
    var pile = $("column-" + (i + 1));
    fill(pile, column, step, false);
    pile.style.minHeight = "calc(var(--h) + " + (Math.max(column.length - 1, 0) * step) + "px)";
    $("column-" + (i + 1) + "-count").textContent = "";
  });
}
function go(to){
  at = Math.max(0, Math.min(last, to));
  var board = data.boards[at];
  draw(board);
  document.querySelectorAll(".pile.from, .pile.to").forEach(function(p){ p.classList.remove("from", "to"); });
  var move = at > 0 ? data.moves[at - 1] : null, text = "Start: press \u2192 for the first move.";
  if (move){
    $(move.from).classList.add("from");
    $(move.to).classList.add("to");
    var top = $(move.to).lastElementChild;
    if (top && top.classList.contains("card")) top.classList.add("moved");
    var step = data.steps[move.step];
    text = "Move " + at + ": " + arrow(move.text) + (move.refill ? " (the reserve refills the emptied column)" : "");
    if (at < step.last) text += " \u2014 step " + (move.step + 1) + ": " + arrow(step.text);
  }
  $("current").textContent = text;
  $("counter").textContent = "Move " + at + " of " + last;
  $("score").textContent = "\u00b7 score " + board.score + (board.recycles ? " \u00b7 recycles " + board.recycles : "");
  $("first").disabled = $("back").disabled = at === 0;
  $("next").disabled = $("last").disabled = at === last;
  var current = move ? move.step : -1;
  document.querySelectorAll("#steps li").forEach(function(item){
    var i = Number(item.dataset.step), done = data.steps[i].last <= at;
    item.classList.toggle("now", i === current);
    item.classList.toggle("done", done && i !== current);
  });
  var now = document.querySelector("#steps li.now"), box = $("list");
  if (now && box.scrollHeight > box.clientHeight) box.scrollTop = now.offsetTop - box.clientHeight / 2;
  if (history.replaceState) history.replaceState(null, "", "#" + at);
  document.body.dataset.at = at;
}
build();
go(parseInt((location.hash || "#0").slice(1), 10) || 0);
})();
"""
