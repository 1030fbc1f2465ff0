"""The package list, with the shipped genres: the checkout keeps them in `puzzles/` (beside the
package, where the documentation and the tests name them), an installed dslsolve has them as
the package data `dslsolve/puzzles/` (`dslsolve.shipped` finds either)."""

from setuptools import find_namespace_packages, setup

setup(
    packages=[*find_namespace_packages(include=["dslsolve*"]), "dslsolve.puzzles"],
    package_dir={"dslsolve.puzzles": "puzzles"},
)
