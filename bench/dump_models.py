"""Write the compiled model of every shipped instance as an LP file, for before/after checks
of compiler changes that must not change any model (`diff -r OLD NEW`).

    python bench/dump_models.py DIR [--every-lowering] [--backend cpsat]

One file per instance (and per alternative lowering with `--every-lowering`), named
GENRE-INSTANCE-CHOICE.lp; a model that does not compile leaves a .err file with the message.
Nothing is solved. By default each model is compiled under the lowerings given and the genre
file's own choices (`formulation: {domain: integer}`), without its choices for one backend
(`formulation: {cpsat: {...}}`); `--backend NAME` compiles it as a run on that backend does
(`solve.run_formulation`), so that the rows CP-SAT gets (`loop=circuit`, `area=mixed-layers`,
integer sudoku) are compared too (29 of the 477 default models differ from the plain ones on
2026-12-07). The compiler changes of 2026-11-21 were checked this way on all 143 instances
under every lowering (1573 files).
"""

from __future__ import annotations

import argparse
import warnings
from pathlib import Path

from measure import ROOT

from dslsolve.answer import ground
from dslsolve.compiler import compile_model
from dslsolve.dsl.genre import load_genre
from dslsolve.dsl.puzzle import read_puzzle
from dslsolve.errors import DslError
from dslsolve.formulations import CHOICES, parse_formulation
from dslsolve.solve import run_formulation


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--every-lowering", action="store_true")
    parser.add_argument("--backend", help="compile as a run on this backend does")
    args = parser.parse_args()
    args.directory.mkdir(parents=True, exist_ok=True)
    choices = [[]]
    if args.every_lowering:
        choices += [[f"{name}={c}"] for name, options in CHOICES.items() for c in options[1:]]
    warnings.simplefilter("ignore")  # PuLP's warnings about names
    written = 0
    for solution in sorted((ROOT / "puzzles").glob("*/*.solution.txt")):
        puzzle = solution.with_name(solution.name.replace(".solution.txt", ".txt"))
        genre = puzzle.parent.name
        genre_file = load_genre(str(ROOT / "puzzles" / f"{genre}.yaml"))
        instance = read_puzzle(str(puzzle), genre_file)
        for options in choices:
            stem = f"{genre}-{puzzle.stem}-{'_'.join(options)}"
            try:
                formulation = parse_formulation(options)
                if args.backend:
                    formulation = run_formulation(genre_file.genre, formulation, args.backend)
                compiled = compile_model(
                    genre_file.genre,
                    instance,
                    formulation,
                    ground(genre_file.genre, instance).values,
                )
            except DslError as err:
                (args.directory / f"{stem}.err").write_text(err.render())
                continue
            compiled.model.problem.writeLP(str(args.directory / f"{stem}.lp"))
            written += 1
    print(f"{written} models written to {args.directory}")


if __name__ == "__main__":
    main()
