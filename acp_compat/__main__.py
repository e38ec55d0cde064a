"""``python -m acp_compat``: the same command line as the ``acp-compat`` script."""

from acp_compat.cli.launch import main

if __name__ == "__main__":
    main()
