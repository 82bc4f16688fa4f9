#!/usr/bin/env python3
"""Writes the seed corpus: for every primitive a few small calls that reach its main
branches (plain, exclusive/descending/narrow keys, a multi-tile size, in place, and
invalid arguments). Field order follows fz_decode_call in fuzz_call_decode.c:
primitive, bits[, mutation], n (u16), shape, flag density, then primitive fields;
what the decoder does not consume seeds the element data."""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
PRIMS = ["scan", "segscan_flags", "segscan_offsets", "scan_by_key", "reduce",
         "segreduce", "split", "compact", "radix_sort", "merge_sort", "merge",
         "segmented_radix_sort", "segmented_merge_sort", "lower_bound", "upper_bound",
         "unique", "run_length", "nontrivial_runs", "histogram"]
# bits: 0x01 exclusive / 64-bit counts, 0x08 custom op / descending / bins by boundaries,
#       0x10 narrow keys, 0x20 large n,
#       0x40 corrupt, 0x80 count output
VARIANTS = [("plain", 0x00, None, 37), ("excl_desc_narrow", 0x19, None, 61),
            ("large", 0x20 | 0x80, None, 5000), ("in_place", 0x01, None, 50),
            ("invalid_null", 0x40, 0, 20), ("invalid_overlap", 0x40, 12, 30),
            ("invalid_type", 0x40, 3, 10)]


def main():
    rng = random.Random(7)
    out = os.path.join(HERE, "corpus")
    os.makedirs(out, exist_ok=True)
    for p, name in enumerate(PRIMS):
        for vname, bits, mut, n in VARIANTS:
            b = bytearray([p, bits])
            if mut is not None:
                b.append(mut)
            raw = (n | 0x8000) if bits & 0x20 else n % 80
            b += bytes([raw & 255, raw >> 8])
            shape = 0x80 if vname == "in_place" else rng.randrange(64)
            b += bytes([shape, rng.randrange(256)])
            b += bytes(rng.randrange(256) for _ in range(24))
            with open(os.path.join(out, f"{name}_{vname}"), "wb") as f:
                f.write(bytes(b))


if __name__ == "__main__":
    main()
