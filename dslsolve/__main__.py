from dslsolve.cli import run

run()
