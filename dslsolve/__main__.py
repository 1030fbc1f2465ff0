from dslsolve.frontends.cli import run

run()
