"""A table section's `default` is read where a puzzle leaves the section out: star battle's
stars per group is one unless the puzzle says otherwise."""

from __future__ import annotations

from helpers import PUZZLES

STAR_BATTLE = PUZZLES / "star_battle.yaml"
TWO_STARS = PUZZLES / "star_battle" / "puzzlink-2stars-8x8.txt"


def test_a_left_out_section_reads_its_default(tmp_path, run):
    without = tmp_path / "two-stars-unsaid.txt"
    without.write_text(TWO_STARS.read_text().replace("stars:\nAB\n", ""))
    said = run(STAR_BATTLE, TWO_STARS, "--time-limit", "30")
    unsaid = run(STAR_BATTLE, without, "--time-limit", "30")
    solution = TWO_STARS.with_name("puzzlink-2stars-8x8.solution.txt").read_text()
    assert (said.code, said.out) == (0, solution)
    # left out, the section is 'A': one star per row, column and region, 8 in all
    assert unsaid.code == 0
    rows = unsaid.out.split("\n")[:8]
    assert [row.count("*") for row in rows] == [1] * 8


def test_a_default_must_be_text(tmp_path, run):
    genre = tmp_path / "star_battle.yaml"
    genre.write_text(STAR_BATTLE.read_text().replace("default: A}", "default: ''}"))
    result = run(genre, TWO_STARS)
    assert result.code == 2
    assert "input.stars: 'default' is the section's text, such as 'A'" in result.err
    assert "Traceback" not in result.err
