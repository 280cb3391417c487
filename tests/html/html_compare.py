#!/usr/bin/env python3
"""html_compare.py — compare our jvmti.html with the published page.

Usage: html_compare.py OURS.html [REFERENCE.html] [--min-ratio R] [--top N]

Checks, in order:
  1. ids of ours are unique, and every internal link (href="#x") of ours
     resolves to an anchor of ours;
  2. with a reference: every anchor (id=, or name= on <a>) of the reference
     exists in ours;
  3. with a reference: the visible text of both pages, as word sequences,
     agrees on at least R of the words (difflib ratio: 2 * matched words /
     (words of ours + words of the reference)).  The ratio with our
     additions counted as well is printed too, for information.

"Visible text" drops <script>, <style>, <template>, anything with the
hidden attribute (our spec issues, which the published page leaves out
too), the reference's legal footer, and the elements of ours marked
data-extra (badges, search box: additions the published page does not
have).  Block elements separate words; U+2122 is compared as "TM", the
way the published page spells the trademark sign.
Exit 0 when all checks pass, 1 otherwise.
"""
import argparse
import difflib
import html.parser
import sys

BLOCK = set("""address article aside blockquote br caption dd details div dl dt
figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p
pre section summary table tbody td tfoot th thead tr ul""".split())
VOID = set("area base br col embed hr img input link meta source track wbr".split())
SKIP_TAGS = {"script", "style", "template"}


class Page(html.parser.HTMLParser):
    def __init__(self, keep_extra=False):
        super().__init__(convert_charrefs=True)
        self.keep_extra = keep_extra
        self.ids = []
        self.anchors = set()
        self.links = []
        self.parts = []
        self.stack = []      # (tag, skipping) for open non-void elements
        self.skip = 0        # depth of skipped subtrees we are inside

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        skip_this = (tag in SKIP_TAGS or "hidden" in a
                     or ("data-extra" in a and not self.keep_extra)
                     or (tag == "footer" and "legal-footer" in (a.get("class") or "")))
        if a.get("id"):
            self.anchors.add(a["id"])
            self.ids.append(a["id"])
        if tag == "a" and a.get("name"):
            self.anchors.add(a["name"])
        if tag == "a" and a.get("href") is not None and not self.skip:
            self.links.append(a["href"])
        if tag in BLOCK:
            self.parts.append(" ")
        if tag in VOID:
            return
        self.stack.append((tag, skip_this))
        if skip_this:
            self.skip += 1

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag in BLOCK:
            self.parts.append(" ")
        if tag in VOID:
            return
        # pop up to the matching open element (tolerates unclosed <p>, <li>)
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                for _, sk in self.stack[i:]:
                    if sk:
                        self.skip -= 1
                del self.stack[i:]
                break

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)

    def words(self):
        return "".join(self.parts).replace("\u2122", "TM").split()


def load(path, keep_extra=False):
    p = Page(keep_extra)
    with open(path, encoding="utf-8") as f:
        p.feed(f.read())
    p.close()
    return p


def diff_words(a, b):
    """Opcodes (like difflib's) between word lists a and b, and the number
    of words matched.  Patience diff: words that occur once in each list
    and agree in order anchor the alignment; difflib (exact, but slow on
    long lists) aligns only the short stretches between anchors.  Returns
    (matched, [(tag, i1, i2, j1, j2), ...] for the differing stretches)."""
    import bisect
    sys.setrecursionlimit(10000)
    ops = []
    matched = 0

    def exact(a1, a2, b1, b2):
        nonlocal matched
        sm = difflib.SequenceMatcher(None, a[a1:a2], b[b1:b2], autojunk=False)
        for tag, i1, i2, j1, j2 in sm.get_opcodes():
            if tag == "equal":
                matched += i2 - i1
            else:
                ops.append((tag, a1 + i1, a1 + i2, b1 + j1, b1 + j2))

    def rec(a1, a2, b1, b2):
        nonlocal matched
        while a1 < a2 and b1 < b2 and a[a1] == b[b1]:
            a1 += 1; b1 += 1; matched += 1
        while a1 < a2 and b1 < b2 and a[a2 - 1] == b[b2 - 1]:
            a2 -= 1; b2 -= 1; matched += 1
        if a1 == a2 or b1 == b2:
            if a1 < a2 or b1 < b2:
                ops.append(("delete" if b1 == b2 else "insert", a1, a2, b1, b2))
            return
        ca, cb = {}, {}
        for i in range(a1, a2):
            ca[a[i]] = -1 if a[i] in ca else i
        for j in range(b1, b2):
            cb[b[j]] = -1 if b[j] in cb else j
        pairs = [(i, cb[w]) for w, i in ca.items() if i >= 0 and cb.get(w, -1) >= 0]
        pairs.sort()
        # longest increasing subsequence of b positions
        tails, tail_idx, prev = [], [], [None] * len(pairs)
        for k, (_, j) in enumerate(pairs):
            t = bisect.bisect_left(tails, j)
            if t == len(tails):
                tails.append(j); tail_idx.append(k)
            else:
                tails[t] = j; tail_idx[t] = k
            prev[k] = tail_idx[t - 1] if t else None
        anchors = []
        k = tail_idx[-1] if tail_idx else None
        while k is not None:
            anchors.append(pairs[k]); k = prev[k]
        anchors.reverse()
        if not anchors:
            if (a2 - a1) * (b2 - b1) > 4_000_000:
                ops.append(("replace", a1, a2, b1, b2))   # too far apart to align
            else:
                exact(a1, a2, b1, b2)
            return
        pa, pb = a1, b1
        for i, j in anchors:
            rec(pa, i, pb, j)
            matched += 1
            pa, pb = i + 1, j + 1
        rec(pa, a2, pb, b2)

    rec(0, len(a), 0, len(b))
    return matched, ops


def ratio_of(a, b):
    matched, ops = diff_words(a, b)
    return 2.0 * matched / (len(a) + len(b)) if a or b else 1.0, ops


def show_diffs(a, b, ops, top):
    diffs = list(ops)
    diffs.sort(key=lambda op: -max(op[2] - op[1], op[4] - op[3]))

    def snip(ws, i, j):
        s = " ".join(ws[i:j])
        return s if len(s) < 300 else s[:297] + "..."
    for tag, i1, i2, j1, j2 in diffs[:top]:
        print(f"  {tag} at reference word {i1}: -{i2 - i1} +{j2 - j1}")
        print(f"     context:   ...{' '.join(a[max(0, i1 - 8):i1])}")
        if i2 > i1:
            print(f"     reference: {snip(a, i1, i2)}")
        if j2 > j1:
            print(f"     ours:      {snip(b, j1, j2)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ours")
    ap.add_argument("reference", nargs="?")
    ap.add_argument("--min-ratio", type=float, default=0.995)
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    ours = load(args.ours)
    ok = True

    dups = sorted({i for i in ours.ids if ours.ids.count(i) > 1}) if len(ours.ids) != len(set(ours.ids)) else []
    print(f"ids: {len(ours.ids)}, duplicated {len(dups)}")
    for d in dups:
        print(f"  duplicate id: {d}")
    if dups:
        ok = False

    dangling = sorted({h for h in ours.links if h.startswith("#") and h[1:] not in ours.anchors})
    internal = sum(1 for h in ours.links if h.startswith("#"))
    print(f"internal links: {internal}, unresolved {len(dangling)}")
    for d in dangling:
        print(f"  unresolved link: {d}")
    if dangling:
        ok = False

    if args.reference:
        ref = load(args.reference)
        missing = sorted(ref.anchors - ours.anchors)
        print(f"anchors: reference {len(ref.anchors)}, ours {len(ours.anchors)}, "
              f"missing in ours {len(missing)}")
        for m in missing:
            print(f"  missing anchor: {m}")
        if missing:
            ok = False

        a, b = ref.words(), ours.words()
        ratio, ops = ratio_of(a, b)
        raw = load(args.ours, keep_extra=True).words()
        raw_ratio, _ = ratio_of(a, raw)
        print(f"text: reference {len(a)} words, ours {len(b)} words, "
              f"match ratio {ratio:.4%} (need {args.min_ratio:.2%}); "
              f"with our additions ({len(raw) - len(b)} words) counted: {raw_ratio:.4%}")
        show_diffs(a, b, ops, args.top)
        if ratio < args.min_ratio:
            ok = False
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
