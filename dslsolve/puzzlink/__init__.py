"""puzz.link (pzprjs) URLs and pzprv3 files: read a puzzle from them, as declared in a genre
file's `puzzlink:` block, and write an answer as a pzprv3 file.

The modules: `url` splits a URL; `codecs` holds the general decoders of the URL body (data
formats shared by many genres, no genre logic); `spec` reads the `puzzlink:` block; `importer`
runs a genre's declared decoders and writes the puzzle in dslsolve's own text format;
`source` reads a puzzle from any source (a file, a URL, a pzprv3 board) by handing that
text to `dsl/puzzle.py`: this package imports `dsl/`, `dsl/puzzle.py` none of its readers.
"""
