#!/usr/bin/env python3
"""Checks that `lookup` with a filter answers as a compile with that filter, on random nodes.

    bench/filtered_lookup_check.py JOSEKIC INPUT WORKDIR [--filter "--since 2017"]
                                   [--nodes 20] [--seed 1]

Compiles INPUT twice into WORKDIR (all/ without the filter, filtered/ with it), then picks
`--nodes` random lines: random walks from the root through the continuations `lookup --json`
lists (each step chosen in proportion to the counts), of random depth 1..12 (a joseki step
lookup refuses as a query, a first stone on a centre line, ends the walk), half in the joseki and half in the fuseki dictionary, half of
them walked in the filtered dictionary and half in the whole one (so that some lines the
filter removes are asked too). Each line is looked up in all/ with the filter and in
filtered/ without it; the two JSON answers must be equal but for the "filters" field. Prints
one row per line and the number of lines that differ; exits 1 if any does.
"""
import argparse
import json
import random
import shlex
import subprocess
import sys


class QueryRefused(Exception):
    """lookup refused the line (exit 2): a joseki stone on a centre line is in no corner."""


def run(args):
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode == 2:
        raise QueryRefused(done.stderr)
    if done.returncode != 0:
        sys.exit(f"{shlex.join(args)} failed ({done.returncode}):\n{done.stderr}")
    return done.stdout


def lookup(josekic, dictionary, moves, fuseki, extra=()):
    args = [josekic, "lookup", dictionary, "--json", "--games", "5", "--moves", moves, *extra]
    if fuseki:
        args.append("--fuseki")
    answer = json.loads(run(args))
    answer.pop("filters", None)
    return answer


def random_line(rng, josekic, dictionary, fuseki):
    """A walk from the root, each step to a continuation chosen in proportion to its count."""
    moves = []
    for _ in range(rng.randint(1, 12)):
        answer = lookup(josekic, dictionary, " ".join(moves), fuseki)
        if not answer["found"] or not answer["continuations"]:
            break
        options = answer["continuations"]
        step = rng.choices(options, weights=[c["count"] for c in options])[0]["normalised"]
        try:
            lookup(josekic, dictionary, " ".join(moves + [step]), fuseki)
        except QueryRefused:
            break
        moves.append(step)
    return " ".join(moves)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("josekic")
    parser.add_argument("input")
    parser.add_argument("workdir")
    parser.add_argument("--filter", default="--since 2017")
    parser.add_argument("--nodes", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    filter_args = shlex.split(args.filter)
    whole = f"{args.workdir}/all"
    part = f"{args.workdir}/filtered"
    run([args.josekic, "compile", args.input, "-o", whole, "--quiet"])
    run([args.josekic, "compile", args.input, "-o", part, "--quiet", *filter_args])

    rng = random.Random(args.seed)
    differing = 0
    for i in range(args.nodes):
        fuseki = i % 2 == 1
        walked_in = part if (i // 2) % 2 == 0 else whole
        moves = random_line(rng, args.josekic, walked_in, fuseki)
        filtered_lookup = lookup(args.josekic, whole, moves, fuseki, filter_args)
        filtered_compile = lookup(args.josekic, part, moves, fuseki)
        same = filtered_lookup == filtered_compile
        differing += not same
        print(
            f"{'fuseki' if fuseki else 'joseki'}  {moves or '(root)'}: count "
            f"{filtered_lookup['count']} vs {filtered_compile['count']}, "
            f"{len(filtered_lookup['continuations'])} continuations, "
            f"{'same' if same else 'DIFFERENT'}"
        )
    print(f"{args.nodes - differing} of {args.nodes} lines answer alike ({args.filter})")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
