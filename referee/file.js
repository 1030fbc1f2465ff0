// puzz.link's engine as a URL decoder: for each line of standard input (a JSON string: a
// puzz.link URL), open it with npm pzpr and print one JSON line {"type": pid, "file": the
// puzzle as pzpr writes it in a pzprv3 file} or {"error": ...}.
// Usage: node referee/file.js < urls.jsonl   (from dslsolve.puzzlink.referee)
'use strict';
var pzpr = require('pzpr');
var readline = require('readline');

function file(url) {
  var puzzle = new pzpr.Puzzle();
  try {
    puzzle.open(url);
  } catch (err) {
    return { error: String(err) };
  }
  return { type: puzzle.pid, file: puzzle.getFileData() };
}

var lines = readline.createInterface({ input: process.stdin });
lines.on('line', function (line) {
  if (line.trim()) {
    process.stdout.write(JSON.stringify(file(JSON.parse(line))) + '\n');
  }
});
