// dslsolve serve: the page. Plain JavaScript, no build step; talks to /api (app.py).
"use strict";

const $ = (id) => document.getElementById(id);
const MARKS = { differ: "#e01b24", drop: "#ff7800", undetermined: "#9141ac" };
// Marks that may be many (the cells where two solutions differ, the undetermined ones) tint
// their cells, so that a large board stays readable under them; the few clues to leave out
// are framed.
const TINTED = new Set([MARKS.differ, MARKS.undetermined]);
const PUZZLINK = "https://puzz.link/p?";
const POLL_MS = 250;

let genreEdited = false; // the genre textarea no longer holds the picked shipped genre
// bumped by every change of the genre (a pick, an upload, an edit): a shipped genre's text that
// arrives after a later change is not shown (an upload during the first load kept the upload's
// name over the default genre's text, and the run used the default genre)
let genreVersion = 0;
let genreFilename = "genre.yaml";
let board = null; // the last preview's grid: rows, columns, x, y, cell, sections
let running = null; // the id of the run under way
let timer = null;

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  return response.json();
}

function genreRequest() {
  if (genreEdited) return { text: $("genre-text").value, filename: genreFilename };
  return { name: $("genre").value };
}

// A message as the command prints it. The caret under a quoted line is placed by measuring
// the quoted text in the browser's font (its spaces kept, for copying): a line with wide
// characters (ぬりかべ) or tabs leaves it where the column is.
function showError(message) {
  const box = $("error");
  box.hidden = !message;
  box.replaceChildren();
  let quoted = null;
  (message || "").split("\n").forEach((line, index) => {
    if (index) box.append("\n");
    const caret = /^( *)\^$/.exec(line);
    const text = quoted?.firstChild;
    if (caret && text && caret[1].length <= text.length) {
      const gap = document.createElement("span");
      gap.className = "caret-gap";
      gap.textContent = caret[1];
      box.append(gap, "^");
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, caret[1].length);
      gap.style.width = `${range.getBoundingClientRect().width}px`;
      return;
    }
    quoted = document.createElement("span");
    quoted.textContent = line;
    box.append(quoted);
  });
}

function progress(text, busy) {
  $("progress").textContent = text;
  $("progress").classList.toggle("running", Boolean(busy));
}

// An error in the genre file: open it and select the line it names.
function pointAtGenreLine(answer) {
  if (!genreEdited || !answer.line || answer.file !== genreFilename) return;
  const text = $("genre-text").value;
  const lines = text.split("\n");
  let start = 0;
  for (let i = 0; i < answer.line - 1 && i < lines.length; i++) start += lines[i].length + 1;
  const end = start + (lines[answer.line - 1] || "").length;
  $("genre-details").open = true;
  $("genre-text").focus();
  $("genre-text").setSelectionRange(start, end);
}

async function loadGenres() {
  const version = genreVersion;
  const genres = await api("/api/genres");
  for (const genre of genres) {
    const option = new Option(`${genre.title} (${genre.name})`, genre.name);
    $("genre").add(option);
  }
  // a genre uploaded or typed while the list loaded stays: the default is not picked over it
  if (version !== genreVersion) return;
  const first = genres.find((g) => g.name === "nurikabe") || genres[0];
  if (first) $("genre").value = first.name;
  await pickGenre();
}

async function pickGenre() {
  const version = ++genreVersion;
  const genre = await api(`/api/genres/${encodeURIComponent($("genre").value)}`);
  if (version !== genreVersion) return; // the genre changed while this one loaded
  $("genre-text").value = genre.text;
  genreEdited = false;
  genreFilename = `${genre.name}.yaml`;
  $("genre-source").textContent = `(${genre.name}.yaml, shipped)`;
  const instances = $("instance");
  instances.length = 1;
  instances.instances = genre.instances;
  for (const name of Object.keys(genre.instances)) instances.add(new Option(name, name));
}

// A pasted URL runs in its own shipped genre when the one picked does not read it (the run's
// `genre`): pick that genre on the page too, so the genre file shown is the one that runs.
async function followUrlGenre(report) {
  const picked = $("genre").value;
  if (genreEdited || !report.genre || report.genre === picked) return;
  if (![...$("genre").options].some((option) => option.value === report.genre)) return;
  $("genre").value = report.genre;
  await pickGenre();
  $("genre-source").textContent = `(${report.genre}.yaml, shipped: the URL's genre, not ${picked})`;
}

function pickInstance() {
  const text = $("instance").instances?.[$("instance").value];
  if (text !== undefined) {
    $("puzzle").value = text;
    preview();
  }
}

function uploadGenre(event) {
  const file = event.target.files[0];
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => {
    genreVersion++;
    $("genre-text").value = reader.result;
    genreEdited = true;
    genreFilename = file.name;
    $("genre-source").textContent = `(${file.name}, yours)`;
    $("genre-details").open = true;
  };
  reader.readAsText(file);
}

function editedGenre() {
  genreVersion++;
  genreEdited = true;
  $("genre-source").textContent = `(${genreFilename}, edited)`;
}

// --- the puzzle's picture and the cell editor -------------------------------------------

// A picture, with `cells` marked in `colour`; a genre that is not a grid of cells has no
// picture: its answer is shown as text.
function putPicture(container, svg, cells, colour, text) {
  if (svg) container.innerHTML = svg;
  else {
    const shown = document.createElement("pre");
    shown.textContent = text || "(no picture for this genre)";
    container.replaceChildren(shown);
  }
  if (board) {
    container.dataset.x = board.x;
    container.dataset.y = board.y;
    container.dataset.cell = board.cell;
  }
  const picture = container.querySelector("svg");
  if (!picture || !board || !cells) return;
  for (const [row, column] of cells) {
    const mark = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    mark.setAttribute("x", board.x + column * board.cell + 2);
    mark.setAttribute("y", board.y + row * board.cell + 2);
    mark.setAttribute("width", board.cell - 4);
    mark.setAttribute("height", board.cell - 4);
    if (TINTED.has(colour)) {
      mark.setAttribute("fill", colour);
      mark.setAttribute("fill-opacity", 0.22);
      mark.setAttribute("stroke", colour);
      mark.setAttribute("stroke-width", 1);
    } else {
      mark.setAttribute("fill", "none");
      mark.setAttribute("stroke", colour);
      mark.setAttribute("stroke-width", 4);
    }
    mark.setAttribute("class", "mark");
    mark.dataset.cell = `${row},${column}`;
    picture.appendChild(mark);
  }
}

async function preview() {
  if (!$("puzzle").value.trim()) return;
  showError("");
  const answer = await api("/api/preview", { genre: genreRequest(), puzzle: $("puzzle").value });
  if (answer.state !== "done") {
    $("board-box").hidden = true;
    showError(answer.error || `the preview stopped (${answer.state})`);
    pointAtGenreLine(answer);
    return false;
  }
  await followUrlGenre(answer);
  board = answer.board;
  board.text = answer.text; // a URL stays in its box; its text is shown below it
  const url = isUrl($("puzzle").value);
  $("puzzle-as-text").hidden = !url;
  $("puzzle-text").textContent = url ? answer.text : "";
  putPicture($("board"), answer.svg);
  $("board-box").hidden = false;
  const editable = (board.sections || []).filter((s) => !s.symbols.includes("any"));
  const sections = editable.length ? editable : board.sections || [];
  $("section-pick").innerHTML = sections.length > 1
    ? ` in <select id="section">${sections.map((s) => `<option>${s.name}</option>`).join("")}</select>`
    : "";
  board.editing = sections[0]?.name;
  return true;
}

function isUrl(text) {
  return /^\s*https?:\/\//.test(text);
}

// The puzzle in the text format: the box's, or the text of the URL it holds.
function puzzleText() {
  return isUrl($("puzzle").value) && board?.text ? board.text : $("puzzle").value;
}

function clickedCell(event) {
  const picture = $("board").querySelector("svg");
  if (!picture || !board || !board.rows) return null;
  const box = picture.getBoundingClientRect();
  const scale = picture.viewBox.baseVal.width / box.width;
  const x = (event.clientX - box.left) * scale;
  const y = (event.clientY - box.top) * scale;
  const column = Math.floor((x - board.x) / board.cell);
  const row = Math.floor((y - board.y) / board.cell);
  if (row < 0 || column < 0 || row >= board.rows || column >= board.columns) return null;
  return [row, column];
}

// The rows of a grid section in the puzzle's text: [first line, last line + 1], or null.
function sectionRows(lines, name, single) {
  const header = /^\s*([A-Za-z_][\w-]*)\s*:\s*$/;
  let start = lines.findIndex((line) => header.test(line) && line.trim().slice(0, -1).trim() === name);
  if (start < 0 && !single) return null;
  start = start < 0 ? 0 : start + 1;
  while (start < lines.length && (!lines[start].trim() || (single && /^\s*#( |$)/.test(lines[start])))) start++;
  let end = start;
  while (end < lines.length && !header.test(lines[end])) end++;
  while (end > start && !lines[end - 1].trim()) end--;
  return [start, end];
}

function setToken(text, name, single, row, column, token) {
  const lines = text.replace(/\n$/, "").split("\n");
  const span = sectionRows(lines, name, single);
  if (!span) throw new Error(`no section '${name}:' in the puzzle's text`);
  const rows = lines.slice(span[0], span[1]);
  const spaced = rows.some((line) => /\s/.test(line.trim())) || token.length > 1;
  const cells = rows.map((line) => (spaced ? line.trim().split(/\s+/) : Array.from(line.trim())));
  if (!cells[row] || cells[row][column] === undefined) throw new Error("that cell is not in the section's rows");
  cells[row][column] = token || ".";
  lines.splice(span[0], rows.length, ...cells.map((c) => c.join(spaced ? " " : "")));
  return lines.join("\n") + "\n";
}

function currentToken(row, column) {
  const lines = puzzleText().split("\n");
  const span = sectionRows(lines, board.editing, board.single);
  const line = span && lines[span[0] + row];
  if (!line) return ".";
  const rows = lines.slice(span[0], span[1]);
  const spaced = rows.some((l) => /\s/.test(l.trim()));
  return (spaced ? line.trim().split(/\s+/) : Array.from(line.trim()))[column] ?? ".";
}

function openCellEditor(event) {
  const cell = clickedCell(event);
  if (!cell) return;
  if ($("section")) board.editing = $("section").value;
  board.cellAt = cell;
  $("cell-editor").hidden = false;
  const input = $("cell-input");
  input.value = currentToken(...cell);
  input.placeholder = `r${cell[0] + 1}c${cell[1] + 1}`;
  input.focus();
  input.select();
}

async function cellKey(event) {
  if (event.key === "Escape") $("cell-editor").hidden = true;
  if (event.key !== "Enter") return;
  $("cell-editor").hidden = true;
  const [row, column] = board.cellAt;
  try {
    // a URL's puzzle, once a cell of it is changed, is edited as its text
    $("puzzle").value = setToken(puzzleText(), board.editing, board.single, row, column,
      $("cell-input").value.trim());
  } catch (error) {
    showError(`${error.message}: edit the text instead`);
    return;
  }
  await preview();
}

// --- solving ------------------------------------------------------------------------------

function answerBox(title, svg, cells, colour, lines, text) {
  const box = document.createElement("div");
  box.className = "answer";
  const heading = document.createElement("h2");
  heading.textContent = title;
  const picture = document.createElement("div");
  picture.className = "picture";
  box.append(heading, picture);
  putPicture(picture, svg, cells, colour, text);
  if (lines && lines.length) {
    const list = document.createElement("ul");
    for (const line of lines) {
      const item = document.createElement("li");
      item.textContent = line;
      list.appendChild(item);
    }
    box.appendChild(list);
  }
  $("answers").appendChild(box);
  return box;
}

function legend(colour, text) {
  const style = TINTED.has(colour)
    ? `border: 1px solid ${colour}; background: ${colour}38` // as the marks: tinted
    : `border: 3px solid ${colour}`;
  return `<span class="keep">${text} <span class="swatch" style="${style}"></span></span>`;
}

function verdict(kind, html) {
  $("verdict").hidden = false;
  $("verdict").className = kind;
  $("verdict").innerHTML = html;
}

function showAnswer(answer) {
  board = answer.board || board;
  const second = answer.second;
  if (answer.status === "solved") {
    const solution = answerBox("Solution", answer.svg, second?.cells, MARKS.differ, [], answer.text);
    solution.id = "solution";
    if (answer.unique === true) verdict("good", "Unique: no other solution exists.");
    else if (answer.unique === false) {
      verdict("bad", `Not unique: another solution differs at ${second.differences.length} places ` +
        `(${legend(MARKS.differ, "marked")})`);
      answerBox("Another solution", second.svg, second.cells, MARKS.differ,
        [`differs at ${second.differences.slice(0, 20).join(", ")}` +
          (second.differences.length > 20 ? ` and ${second.differences.length - 20} more` : "")],
        second.text).id = "second";
    } else verdict("bad", "Solved; uniqueness not settled within the time limit.");
  } else if (answer.status === "infeasible") {
    const diagnosis = answer.diagnosis;
    if (diagnosis && diagnosis.ways && diagnosis.ways.length) {
      const count = diagnosis.ways[0].left_out.length;
      verdict("bad", `No solution. Leaving out ${count} clue${count > 1 ? "s" : ""} gives one ` +
        `(${diagnosis.fewest ? "no fewer will do" : "the time limit stopped the search for fewer"}; ` +
        `${legend(MARKS.drop, "marked")})`);
      diagnosis.ways.forEach((way, index) => {
        answerBox(diagnosis.ways.length > 1 ? `Way ${index + 1}: leave out` : "Leave out",
          way.svg, way.cells, MARKS.drop, way.left_out, way.text).classList.add("diagnosis");
      });
    } else verdict("bad", noSolution(answer));
  } else verdict("bad", `No solution found (${answer.status}).`);
  if (answer.pzprv3) exportLinks(answer.pzprv3);
  const determined = answer.determined;
  if (determined) {
    const count = determined.undetermined.length;
    const title = !determined.complete
      ? "Determined cells: not proven (the time limit stopped the search)"
      : count ? `Determined cells: all but ${count}` : "Determined cells: all";
    answerBox(title,
      determined.svg, determined.cells, MARKS.undetermined,
      count ? [`marked, they differ between solutions: ${determined.undetermined.slice(0, 20).join(", ")}` +
        (count > 20 ? ` and ${count - 20} more` : "")] : [], determined.text).id = "determined";
  }
  if (answer.violations && answer.violations.length) showError(`internal error: ${answer.violations.join("\n")}`);
}

// Why there is no solution, as the command says it: the diagnosis found no clue it can leave
// out in this genre, or the rules fail even without the clues, or it ran out of time; and
// where the rules cannot hold, when compiling found it (fillomino: no piece fits at r1c1).
function noSolution(answer) {
  const diagnosis = answer.diagnosis || {};
  const why = diagnosis.clues === 0
    ? "the rules cannot all hold for this puzzle; no rule of this genre reads a clue that " +
      "can be left out to find one"
    : diagnosis.status === "infeasible"
      ? "the rules cannot all hold, even without any clue"
      : diagnosis.status === "time limit"
        ? "no set of clues to leave out was found within the time limit"
        : "the rules cannot all hold for this puzzle";
  const where = (answer.contradictions || []).slice(0, 10).map((line) => `<li>${escapeHtml(line)}</li>`);
  return `No solution: ${why}.` + (where.length ? `<ul class="why">${where.join("")}</ul>` : "");
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// The answer back to puz.link: a URL that opens the pzprv3 file (its lines joined by '/', as
// puz.link's own "duplicate" links), and the file to download.
function exportLinks(file) {
  const data = file.replace(/\n+$/, "").split("\n").join("/");
  const links = document.createElement("p");
  links.className = "export";
  const open = document.createElement("a");
  open.id = "puzzlink-answer";
  open.href = PUZZLINK + encodeURIComponent(data).replace(/%2F/g, "/");
  open.target = "_blank";
  open.rel = "noopener";
  open.textContent = "open the answer on puzz.link";
  const save = document.createElement("a");
  save.id = "pzprv3-download";
  save.href = URL.createObjectURL(new Blob([file], { type: "text/plain" }));
  save.download = `${genreFilename.replace(/\.ya?ml$/, "")}-answer.txt`;
  save.textContent = "download the pzprv3 file";
  links.append(open, " · ", save);
  $("solution").appendChild(links);
}

function finishRun(report) {
  running = null;
  clearInterval(timer);
  $("solve").disabled = false;
  $("cancel").disabled = true;
  const time = `${report.elapsed.toFixed(1)} s`;
  if (report.state === "done") {
    progress(`done in ${time}`);
    showAnswer(report);
  } else if (report.state === "cancelled") {
    progress(`cancelled after ${time}: the solver process is stopped`);
  } else {
    progress(`${report.state} after ${time}`);
    showError(report.error);
    pointAtGenreLine(report);
  }
}

async function solve() {
  showError("");
  progress("");
  $("answers").innerHTML = "";
  $("verdict").hidden = true;
  if (!(await preview())) return;
  const report = await api("/api/runs", {
    genre: genreRequest(), puzzle: $("puzzle").value, determined: $("determined").checked,
  });
  if (!report.id) {
    showError(report.error);
    return;
  }
  running = report.id;
  $("solve").disabled = true;
  $("cancel").disabled = false;
  const started = performance.now();
  let stage = report.stage;
  timer = setInterval(() => {
    progress(`${stage} … ${((performance.now() - started) / 1000).toFixed(1)} s`, true);
  }, 100);
  while (running === report.id) {
    const now = await api(`/api/runs/${report.id}`);
    if (running !== report.id) break; // cancelled meanwhile
    stage = now.stage;
    if (now.state !== "running") {
      finishRun(now);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function cancel() {
  if (!running) return;
  const id = running;
  running = null;
  finishRun(await api(`/api/runs/${id}/cancel`, {}));
}

window.addEventListener("DOMContentLoaded", () => {
  $("genre").addEventListener("change", pickGenre);
  $("genre-upload").addEventListener("change", uploadGenre);
  $("genre-text").addEventListener("input", editedGenre);
  $("instance").addEventListener("change", pickInstance);
  $("show").addEventListener("click", preview);
  $("solve").addEventListener("click", solve);
  $("cancel").addEventListener("click", cancel);
  $("board").addEventListener("click", openCellEditor);
  $("cell-input").addEventListener("keydown", cellKey);
  loadGenres();
});
