// puzz.link's engine as a referee: for each line of standard input (a JSON string: a puzz.link
// URL or a pzprv3 file, newlines as '/' or '\n'), open it with npm pzpr and print one JSON line:
// {"type": pid, "url": the puzzle's URL as pzpr writes it, "code": check(true)'s failure code or
// null when the board is a complete, correct solution, "text": its English message}.
// Usage: node referee/check.js < boards.jsonl   (from dslsolve's tools/referee.py)
'use strict';
var pzpr = require('pzpr');
var readline = require('readline');

function verdict(board) {
  var puzzle = new pzpr.Puzzle();
  puzzle.setConfig('forceallcell', true); // as pzprjs's own answer tests do
  try {
    puzzle.open(board);
  } catch (err) {
    return { error: String(err) };
  }
  var result = puzzle.check(true);
  return {
    type: puzzle.pid,
    url: puzzle.getURL(),
    code: result[0] === undefined ? null : result[0],
    text: result.text,
  };
}

var lines = readline.createInterface({ input: process.stdin });
lines.on('line', function (line) {
  if (line.trim()) {
    process.stdout.write(JSON.stringify(verdict(JSON.parse(line))) + '\n');
  }
});
