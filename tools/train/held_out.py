"""Mean |equity error| of nets files against gnubg's labels on given chunks (positions no net
was trained on, to compare nets fairly; train.py's own split differs between data sets).

    python tools/train/held_out.py --data /tmp/tavli-data/new/chunk-gnubg-33-0030.npz \\
        --nets tools/train/weights/portes.bin /tmp/candidate.bin

Bear-offs are left out (the database answers them), as in training; the rest are split into contact
and race positions and each net is asked with its own inputs (with the contact features where its
contact net takes them, or the extended ones: their cache, `.extended.npy`, holds both).
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from tavli.ai.evaluator import Evaluator  # noqa: E402
from tools.train import refs  # noqa: E402
from tools.train.relabel import relabel  # noqa: E402
from tools.train.train import (  # noqa: E402
    _EXTENDED_SCALES,
    Model,
    bearoff_mask,
    contact_mask,
    encode_np,
    held_out_error,
    load,
)


def errors(net_paths: list[str], chunks: list[str], cache: str | None, gnubg_plies: list[int] | None = None
           ) -> tuple[dict[str, int], dict[str, dict[str, float]]]:
    """The number of contact and race positions in ``chunks`` (files or folders), and each nets
    file's mean |equity error| on them: {net path: {"contact": error, "race": error}}, a kind
    left out where the chunks hold none of it; with ``gnubg_plies``, gnubg's own evaluation at
    each of those plies too ({"gnubg N-ply": ...}), for scale."""
    b, p, f = load(chunks, cache, extended=True)
    assert f is not None
    keep = ~bearoff_mask(b)
    b, p, f = b[keep], p[keep], f[keep]
    cont = contact_mask(b)
    x = encode_np(b)
    x_ext = np.concatenate([x, f / _EXTENDED_SCALES], axis=1, dtype=np.float32)
    y = torch.from_numpy(p.astype(np.float32))
    result: dict[str, dict[str, float]] = {}
    for net_path in net_paths:
        ev = Evaluator.load(net_path)
        result[net_path] = {}
        for name, mask, net in (("contact", cont, ev.contact), ("race", ~cont, ev.race)):
            if not mask.any():
                continue
            inputs = len(net.w1[0])
            model = Model(net.hidden, inputs)
            model.load_net(net)
            xs = x_ext[:, :inputs]  # the extended features begin with the basic ones
            result[net_path][name] = held_out_error(model, torch.from_numpy(xs[mask]), y[mask])[1]
    for plies in gnubg_plies or []:
        err = np.abs(refs.equity(relabel(b, plies).T) - refs.equity(p.T))
        result[f"gnubg {plies}-ply"] = {kind: float(err[mask].mean()) for kind, mask in (("contact", cont), ("race", ~cont))
                                        if mask.any()}
    return {"contact": int(cont.sum()), "race": int((~cont).sum())}, result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", nargs="+", required=True, help="chunk files or folders of them")
    ap.add_argument("--nets", nargs="+", required=True, help="nets data files (float masters or shipped)")
    ap.add_argument("--feature-cache", default=None)
    ap.add_argument("--gnubg", nargs="*", type=int, default=[], metavar="PLIES",
                    help="also gnubg's own evaluation at these plies (e.g. 0 1), for scale")
    args = ap.parse_args()
    n, res = errors(args.nets, args.data, args.feature_cache, args.gnubg)
    print(f"mean |equity error| against gnubg's labels: {n['contact']} contact, {n['race']} race positions")
    for path, row in res.items():
        print(f"  {path}: " + ", ".join(f"{kind} {err:.4f}" for kind, err in row.items()))


if __name__ == "__main__":
    main()
