"""Train the contact and race nets on gnubg-labelled positions (supervised), torch on the CPU.

    python tools/train/gen_data.py --games 40000 --out /work/tavli-data/gnubg     # labels
    python tools/train/train.py --data /work/tavli-data/gnubg --epochs 20             # fresh
    python tools/train/train.py --data ... --init tools/train/weights/portes.bin ...  # resume
    python tools/train/train.py --data ... --init ... --fresh --only contact ...      # a new contact net, --init's race net

Inputs are those of ``tavli.ai.evaluator.encode`` (built here with numpy by table lookup; with
``--features`` the contact net also takes the contact features of ``tavli.ai.contact_features``,
with ``--extended`` its extended features, computed by that same Python function once per chunk
and cached as ``.npy`` files in ``--feature-cache``, default: beside the chunks); targets
are gnubg's five probabilities for the side on roll, learnt with binary cross-entropy on soft
targets. Positions where both sides are all home are left out (the bear-off database answers
them); the rest are split by contact into the two nets. After every epoch the weights are written
to --out (default tools/train/weights/portes.bin: full precision, float32, kept out of the site),
and from there to the shipped tavli/ai/data/portes.bin (11-bit fixed-point first layers, tools/train/quantise.py;
``--no-ship`` leaves that alone), so an interrupted run leaves usable weights. The pruning net of
``--init`` is kept as it is: run tools/train/prune.py afterwards to distil it from the new nets.
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from tavli.ai import contact_features  # noqa: E402
from tavli.ai.evaluator import (  # noqa: E402
    EXTENDED_SCALES,
    FEATURE_SCALES,
    N_EXTENDED_INPUTS,
    N_FEATURE_INPUTS,
    N_INPUTS,
    Evaluator,
    pack_nets,
    point_units,
)
from tools.train.quantise import master_path, ship  # noqa: E402

DEFAULT_OUT = str(master_path("portes"))


def chunk_paths(items: list[str]) -> list[str]:
    """Chunk files named directly or found in named folders."""
    paths: list[str] = []
    for item in items:
        paths += sorted(glob.glob(os.path.join(item, "*.npz"))) if os.path.isdir(item) else [item]
    return paths


def load(items: list[str], feature_cache: str | None = None, features: bool = False, extended: bool = False,
         deeper: list[str] | None = None, deeper_mix: float = 1.0,
         ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """The boards, gnubg's probabilities and (with ``features``) the contact features of every
    chunk in ``items`` (chunk files or folders of them); with ``extended`` the extended ones.
    ``deeper``: folders of ``relabel.py``'s output, whose labels replace the chunk's own for the
    same boards; with ``deeper_mix`` W below 1, W times theirs plus 1 - W times the chunk's own."""
    boards, probs, feats = [], [], []
    for path in chunk_paths(items):
        try:
            z = np.load(path)
            b, p = z["boards"], z["probs"]
        except Exception as exc:  # a chunk being written right now
            print(f"skip {path}: {exc}")
            continue
        for folder in deeper or []:
            p = with_deeper_labels(b, p, folder, os.path.basename(path), deeper_mix)
        boards.append(b)
        probs.append(p)
        if features or extended:
            feats.append(chunk_features(path, b, feature_cache, extended))
    return np.concatenate(boards), np.concatenate(probs), np.concatenate(feats) if feats else None


def with_deeper_labels(boards: np.ndarray, probs: np.ndarray, folder: str, chunk: str,
                       mix: float = 1.0) -> np.ndarray:
    """``probs`` with the labels of ``folder``'s relabelling of ``chunk`` (``<chunk>-p<N>.npz``,
    relabel.py) in place of the chunk's own wherever the boards are the same; with ``mix`` below 1,
    ``mix`` times those labels plus ``1 - mix`` times the chunk's own (0.5 of gnubg 2-ply with the
    chunks' 1-ply played best; MODEL.md, round 10)."""
    found = sorted(glob.glob(os.path.join(folder, chunk[: -len(".npz")] + "-p*.npz")))
    if not found:
        return probs
    z = np.load(found[-1])
    deeper = {b.tobytes(): q for b, q in zip(z["boards"], z["probs"])}
    out = probs.copy()
    for i, b in enumerate(boards):
        q = deeper.get(b.tobytes())
        if q is not None:
            out[i] = blend(q, out[i], mix)
    return out


def blend(new: np.ndarray, own: np.ndarray, mix: float) -> np.ndarray:
    """``mix`` times the new labels plus ``1 - mix`` times the chunk's own, as float32."""
    return new if mix == 1.0 else (mix * new + (1.0 - mix) * own).astype(np.float32)


def features_np(boards: np.ndarray, extended: bool = False) -> np.ndarray:
    """(N, 2, 25) counts -> (N, 12) int16 contact features (tavli.ai.contact_features.features),
    or with ``extended`` (N, 30) (``extended_features``)."""
    fn, width = ((contact_features.extended_features, N_EXTENDED_INPUTS) if extended
                 else (contact_features.features, N_FEATURE_INPUTS))
    return np.array([fn(me, opp) for me, opp in boards.tolist()], dtype=np.int16).reshape(-1, width)


def chunk_features(path: str, boards: np.ndarray, cache: str | None, extended: bool = False) -> np.ndarray:
    """The contact features of a chunk's boards, computed once and kept in ``cache`` (default: the
    chunk's folder)."""
    name = os.path.basename(path)[: -len(".npz")] + (".extended.npy" if extended else ".features.npy")
    target = os.path.join(cache or os.path.dirname(path), name)
    if os.path.exists(target) and os.path.getmtime(target) >= os.path.getmtime(path):
        f = np.load(target)
        if f.shape == (len(boards), N_EXTENDED_INPUTS if extended else N_FEATURE_INPUTS):
            return f
    t0 = time.time()
    f = features_np(boards, extended)
    np.save(target + ".tmp.npy", f)
    os.replace(target + ".tmp.npy", target)
    print(f"features of {path}: {len(boards)} positions ({time.time() - t0:.0f} s) -> {target}", flush=True)
    return f


_FEATURE_SCALES = np.array(FEATURE_SCALES, dtype=np.float32)
_EXTENDED_SCALES = np.array(EXTENDED_SCALES, dtype=np.float32)


_UNITS = np.array([point_units(n) for n in range(16)], dtype=np.float32)  # (16, 4)


def encode_np(boards: np.ndarray) -> np.ndarray:
    """(N, 2, 25) int8 counts -> (N, 204) float32 inputs, as tavli.ai.evaluator.encode."""
    n = boards.shape[0]
    b = boards.astype(np.int64)
    out = np.empty((n, N_INPUTS), dtype=np.float32)
    side_w = 25 * 4 + 2
    idx = np.arange(1, 26, dtype=np.float32)
    for s in range(2):
        units = _UNITS[b[:, s, :]].reshape(n, 100)
        base = s * side_w
        out[:, base : base + 100] = units
        out[:, base + 100] = (15 - b[:, s, :].sum(1)) / 15.0
        out[:, base + 101] = (b[:, s, :] * idx).sum(1) / 100.0
    return out


def contact_mask(boards: np.ndarray) -> np.ndarray:
    """True where some checker can still meet an opposing one (tavli Position.is_contact)."""
    b = boards.astype(np.int64)
    idx = np.arange(1, 26)
    back_me = np.where(b[:, 0, :] > 0, idx, 0).max(1)
    back_op = np.where(b[:, 1, :] > 0, idx, 0).max(1)
    return (back_me > 0) & (back_op > 0) & (back_me > 25 - back_op)


def bearoff_mask(boards: np.ndarray) -> np.ndarray:
    return (boards[:, 0, 6:].sum(1) == 0) & (boards[:, 1, 6:].sum(1) == 0)


class Model(torch.nn.Module):
    def __init__(self, hidden: int, inputs: int = N_INPUTS) -> None:
        super().__init__()
        self.l1 = torch.nn.Linear(inputs, hidden)
        self.l2 = torch.nn.Linear(hidden, 5)

    def forward(self, x):  # logits
        return self.l2(torch.sigmoid(self.l1(x)))

    def export(self) -> dict:
        return {
            "w1": self.l1.weight.detach().tolist(),
            "b1": self.l1.bias.detach().tolist(),
            "w2": self.l2.weight.detach().tolist(),
            "b2": self.l2.bias.detach().tolist(),
        }

    def load_net(self, net) -> None:
        """Start from ``net``'s weights; a model with more hidden units keeps its own random first
        layer for the extra units and gives them zero output weights, and a model with more inputs
        (the contact features) gives them zero weights, so it computes what ``net`` does until
        trained (widening a net, adding inputs)."""
        h = net.hidden
        width = len(net.w1[0])
        with torch.no_grad():
            self.l1.weight[:, width:].zero_()
            self.l1.weight[:h, :width].copy_(torch.tensor(net.w1))
            self.l1.bias[:h].copy_(torch.tensor(net.b1))
            self.l2.weight.zero_()
            self.l2.weight[:, :h].copy_(torch.tensor(net.w2))
            self.l2.bias.copy_(torch.tensor(net.b2))


def held_out_error(model, xv, yv) -> tuple[np.ndarray, float]:
    """The model's mean squared error per output and mean |equity error| on held-out positions."""
    model.eval()
    with torch.no_grad():
        pv = torch.sigmoid(model(xv))
        mse = ((pv - yv) ** 2).mean(0)
        eq = lambda p: 2 * p[:, 0] - 1 + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4]  # noqa: E731
        return mse.numpy(), (eq(pv) - eq(yv)).abs().mean().item()


def train_net(model, x, y, xv, yv, epochs, lr, batch, log, save):
    mse, eq_err = held_out_error(model, xv, yv)
    log(f"  before training: val mse {mse.round(6)}, val |equity error| {eq_err:.4f}")
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=max(epochs, 1), eta_min=lr / 20)
    lossf = torch.nn.BCEWithLogitsLoss()
    n = x.shape[0]
    for ep in range(epochs):
        t0 = time.time()
        perm = torch.randperm(n)
        model.train()
        tot = 0.0
        for i in range(0, n, batch):
            j = perm[i : i + batch]
            opt.zero_grad()
            loss = lossf(model(x[j]), y[j])
            loss.backward()
            opt.step()
            tot += loss.item() * len(j)
        sched.step()
        mse, eq_err = held_out_error(model, xv, yv)
        log(f"  epoch {ep + 1}/{epochs}: train bce {tot / n:.5f}, val mse {mse.round(6)}, "
            f"val |equity error| {eq_err:.4f} ({time.time() - t0:.0f} s)")
        save()
    return model


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", nargs="+", required=True, help="chunk files or folders of them")
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--init", default=None, help="nets data file to start from (resume), e.g. the default --out")
    ap.add_argument("--no-ship", action="store_true", help="do not write tavli/ai/data/portes.bin from --out")
    ap.add_argument("--hidden", type=int, default=128, help="contact hidden units (with --init: widen to this many)")
    ap.add_argument("--race-hidden", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--race-epochs", type=int, default=None)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--only", choices=("contact", "race"), default=None)
    ap.add_argument("--describe", default=None, help="what the data is (games, seeds, labels), kept in the weights' meta")
    ap.add_argument("--features", action="store_true", help="the contact net also takes the contact features (216 inputs)")
    ap.add_argument("--extended", action="store_true", help="the contact net takes the extended contact features (234 inputs)")
    ap.add_argument("--feature-cache", default=None, help="folder of the features' .npy files (default: the chunks' folders)")
    ap.add_argument("--fresh", action="store_true",
                    help="with --init: the contact net starts from random weights; the race and pruning nets are --init's")
    ap.add_argument("--deeper", nargs="+", default=None,
                    help="folders of relabel.py's output: their labels replace the chunks' own for the same boards")
    ap.add_argument("--deeper-mix", type=float, default=1.0,
                    help="weight of --deeper's labels; the rest is the chunks' own (0.5: their mean)")
    args = ap.parse_args()
    if not 0.0 <= args.deeper_mix <= 1.0:
        ap.error("--deeper-mix is a weight from 0 to 1")
    if args.fresh and not args.init:
        ap.error("--fresh keeps --init's race and pruning nets: give --init")
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    boards, probs, feats = load(args.data, args.feature_cache, args.features, args.extended, args.deeper,
                                args.deeper_mix)
    print(f"{len(boards)} positions from {args.data}"
          + (f", labels from {args.deeper} (weight {args.deeper_mix}) where they have them" if args.deeper else ""))
    keep = ~bearoff_mask(boards)
    boards, probs = boards[keep], probs[keep]
    feats = feats[keep] if feats is not None else None
    cont = contact_mask(boards)
    init = Evaluator.load(args.init) if args.init else None
    contact_inputs = N_INPUTS + (N_EXTENDED_INPUTS if args.extended else N_FEATURE_INPUTS if args.features else 0)
    if init is not None and len(init.contact.w1[0]) > contact_inputs:
        ap.error(f"{args.init}'s contact net takes {len(init.contact.w1[0])} inputs: add --features or --extended")
    models = {"contact": Model(args.hidden, contact_inputs), "race": Model(args.race_hidden)}
    if init is not None:
        models = {"contact": Model(max(args.hidden, init.contact.hidden), contact_inputs),
                  "race": Model(max(args.race_hidden, init.race.hidden))}
        if args.fresh:
            models["contact"] = Model(args.hidden, contact_inputs)
        else:
            models["contact"].load_net(init.contact)
        models["race"].load_net(init.race)
    meta = {
        "inputs": ("tavli.ai.evaluator.encode (204; contact: 234, with extended=True)" if args.extended
                   else "tavli.ai.evaluator.encode (204; contact: 216, with features=True)" if args.features
                   else "tavli.ai.evaluator.encode (204)"),
        "labels": "gnubg (PyPI gnubg 1.1.0a16) evaluations of positions from gnubg self-play with random plays",
        "data_positions": int(len(boards)),
        **({"data": args.describe} if args.describe else {}),
        **({"deeper_label_weight": args.deeper_mix} if args.deeper else {}),
        "hidden": {k: m.l1.out_features for k, m in models.items()},
        "epochs": {},
        "lr": args.lr,
        "trained_at": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime()),
    }
    if init is not None:
        meta["resumed_from" if not args.fresh else "race_and_prune_from"] = init.meta

    # The pruning net is kept as it was (tools/train/prune.py distils a new one from these nets).
    kept = {"prune": {"w1": init.prune.w1, "b1": init.prune.b1, "w2": init.prune.w2, "b2": init.prune.b2}
            } if init is not None and init.prune is not None else {}

    def save() -> None:
        tmp = args.out + ".tmp"
        with open(tmp, "wb") as f:
            f.write(pack_nets({**{k: m.export() for k, m in models.items()}, **kept}, meta, dtype="f4"))
        os.replace(tmp, args.out)
        if not args.no_ship:
            ship("portes", master=Path(args.out))

    rng = np.random.default_rng(0)
    for name, mask in (("race", ~cont), ("contact", cont)):
        order = rng.permutation(int(mask.sum()))  # drawn for both nets: --only keeps the same held-out split
        if args.only and name != args.only:
            continue
        b, p = boards[mask], probs[mask]
        b, p = b[order], p[order]
        nval = min(20000, len(b) // 20)
        x_np = encode_np(b)
        if name == "contact" and feats is not None:
            scales = _EXTENDED_SCALES if args.extended else _FEATURE_SCALES
            x_np = np.concatenate([x_np, feats[mask][order] / scales], axis=1, dtype=np.float32)
        x = torch.from_numpy(x_np)
        y = torch.from_numpy(p.astype(np.float32))
        epochs = args.race_epochs if (name == "race" and args.race_epochs is not None) else args.epochs
        print(f"{name}: {len(b) - nval} training, {nval} validation positions, {epochs} epochs", flush=True)
        meta["epochs"][name] = epochs
        train_net(models[name], x[nval:], y[nval:], x[:nval], y[:nval], epochs, args.lr, args.batch,
                  lambda s: print(s, flush=True), save)
    save()
    print(f"weights -> {args.out}")


if __name__ == "__main__":
    main()
