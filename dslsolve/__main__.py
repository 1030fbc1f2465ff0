"""`python -m dslsolve` and the `dslsolve` command: handed over to this checkout's resident
process when one runs (`dslsolve resident start`), else the command line in this process. The
hand-over is decided before the command line is imported: it imports almost nothing. The
`resident` command itself starts here (the resident's children run the command line's
`run_once`, so the command line does not import the resident)."""

import os
import sys


def main() -> None:
    argv = sys.argv[1:]
    if argv[:1] == ["resident"]:
        from dslsolve.frontends.resident import resident_command

        code = resident_command(argv[1:])
        sys.stdout.flush()
        os._exit(code)
    from dslsolve.frontends.handover import hand_over

    code = hand_over(argv)
    if code is not None:
        os._exit(code)  # the resident's child has flushed the output
    import gc

    gc.disable()  # until the command's imports are done (`cli._imports_done`)
    from dslsolve.frontends.cli import run

    run()


if __name__ == "__main__":
    main()
