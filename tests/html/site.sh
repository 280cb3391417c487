#!/usr/bin/env bash
# site.sh — `jvmtigen site` on the shared specs (8, 11, 17, 21, 25; those
# present): one page per version with a version switcher, a "what changed"
# page per pair of consecutive versions, an index.
# Checks:
# - every file is there, and every link of every page resolves: relative
#   links to a file of the site, and their #fragment to an id in it;
# - the functions a JDK's own jvmti.h adds over the previous JDK's
#   (reference headers, $SPEC_DIR/../reference/openjdk/jdkN/jvmti.h, read
#   here: slots "jvmtiError (JNICALL *Name)") are listed as added on the
#   changes page of that pair;
# - each function, event or capability a changes page lists as changed
#   (not newly added) carries a "changed in" badge on the newer page that
#   links to its row;
# - the Nu HTML checker (when present, as in html.sh) reports no error on
#   any page of the site;
# - in headless Chromium (when present, as in html.sh), the index, the
#   changes pages and the newest spec page (with its version switcher) fit
#   every width from 360 to 1920 px in both themes (screenshots in
#   tests/out/site/screenshots);
# - bad usage: no spec, exit 2; a spec that does not load, exit 1 and
#   nothing written.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${builddir:?}" "${srcdir:?}"
out=$builddir/tests/out/site
. "$srcdir/tests/skip-lib.sh"   # skip_or_fail
rm -rf "$out"
mkdir -p "$out"
specs=()
for v in jdk8 jdk11 jdk17 jdk21 jdk25; do
    [[ -f $SPEC_DIR/$v/jvmti.xml ]] && specs+=("$SPEC_DIR/$v/jvmti.xml")
done
if (( ${#specs[@]} < 2 )); then
    echo "SKIP: fewer than two specs under $SPEC_DIR"
    exit 77
fi
status=0

echo "== $JVMTIGEN site -o $out/site ${specs[*]}"
if ! "$JVMTIGEN" site -o "$out/site" "${specs[@]}" 2>"$out/stderr"; then
    echo "FAIL: jvmtigen site exited non-zero:"
    cat "$out/stderr"
    exit 1
fi
ls "$out/site"

python3 - "$out/site" "$SPEC_DIR/../reference/openjdk" <<'PY' || status=1
import os, re, sys, html.parser
site, ref = sys.argv[1], sys.argv[2]

class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.links = set(), []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])

pages = {}
for root, _, files in os.walk(site):
    for f in files:
        if f.endswith(".html"):
            p = os.path.relpath(os.path.join(root, f), site)
            pg = Page()
            pg.feed(open(os.path.join(site, p), encoding="utf-8").read())
            pages[p] = pg
ok = True
labels = sorted({p.split("/")[0] for p in pages if "/" in p}, key=lambda l: [int(x) for x in l.split(".")])
want = ["index.html"] + ["%s/jvmti.html" % l for l in labels] + \
       ["changes-%s-%s.html" % (a, b) for a, b in zip(labels, labels[1:])]
for w in want:
    if w not in pages:
        print("FAIL: %s missing" % w); ok = False
extra = sorted(set(pages) - set(want))
if extra:
    print("FAIL: unexpected files: %s" % extra); ok = False

nlinks, bad = 0, []
for p, pg in pages.items():
    for h in pg.links:
        if re.match(r"[a-z]+:", h):
            continue
        nlinks += 1
        path, _, frag = h.partition("#")
        target = os.path.normpath(os.path.join(os.path.dirname(p), path)) if path else p
        if target not in pages:
            bad.append("%s: %s (no such file)" % (p, h))
        elif frag and frag not in pages[target].ids:
            bad.append("%s: %s (no such id)" % (p, h))
for b in sorted(set(bad))[:15]:
    print("FAIL: link " + b)
print("   %d pages, %d site links, %d unresolved" % (len(pages), nlinks, len(bad)))
ok = ok and not bad

# functions added by each JDK, from the JDKs' own headers
jdk = {l: ("jdk8" if l.startswith("1.") else "jdk" + l) for l in labels}
def slots(l):
    f = os.path.join(ref, jdk[l], "jvmti.h")
    return set(re.findall(r"jvmtiError \(JNICALL \*(\w+)\)", open(f).read())) if os.path.exists(f) else None
checked = 0
for a, b in zip(labels, labels[1:]):
    sa, sb = slots(a), slots(b)
    if sa is None or sb is None:
        print("   note: no reference headers for %s, %s" % (a, b)); continue
    page = open(os.path.join(site, "changes-%s-%s.html" % (a, b)), encoding="utf-8").read()
    for fn in sorted(sb - sa):
        checked += 1
        m = re.search(r'<tr class="added"><th scope="row" id="function-%s">.*?</tr>' % fn, page)
        if not m:
            print("FAIL: changes-%s-%s.html does not list %s as added (it is new in %s's jvmti.h)" % (a, b, fn, b))
            ok = False
print("   %d functions new in a JDK's jvmti.h, each listed as added" % checked)

# every listed change (not an arrival) of a function, event or capability
# has its badge on the newer page
badges = 0
for a, b in zip(labels, labels[1:]):
    name = "changes-%s-%s.html" % (a, b)
    page = open(os.path.join(site, name), encoding="utf-8").read()
    newer = open(os.path.join(site, b, "jvmti.html"), encoding="utf-8").read()
    for kind, n, text in re.findall(r'<th scope="row" id="(function|event|capability)-(\w+)">.*?</th><td>(.*?)</td>', page):
        if text.startswith("added (") or text == "added" or text == "removed":
            continue
        badges += 1
        if 'href="../%s#%s-%s"' % (name, kind, n) not in newer:
            print("FAIL: %s/jvmti.html has no 'changed in %s' badge for %s %s" % (b, b, kind, n)); ok = False
print("   %d changed functions, events and capabilities, each with its badge" % badges)
sys.exit(0 if ok else 1)
PY

echo "== bad usage and bad input"
set +e
"$JVMTIGEN" site -o "$out/none" >/dev/null 2>"$out/usage.err"; rc=$?
set -e
if [[ $rc -ne 2 ]] || ! grep -q 'no SPEC.xml given' "$out/usage.err"; then
    echo "FAIL: site without a spec: exit $rc (want 2), $(cat "$out/usage.err")"; status=1
fi
set +e
"$JVMTIGEN" site -o "$out/broken" "${specs[0]}" "$SPEC_DIR/broken/truncated-jvmti.xml" >/dev/null 2>"$out/broken.err"; rc=$?
set -e
if [[ -f $SPEC_DIR/broken/truncated-jvmti.xml ]]; then
    if [[ $rc -ne 1 ]] || ! grep -q 'truncated-jvmti.xml:[0-9]*: error:' "$out/broken.err" ||
        [[ -n $(find "$out/broken" -type f 2>/dev/null) ]]; then
        echo "FAIL: site with a broken spec: exit $rc (want 1), files: $(find "$out/broken" -type f 2>/dev/null | head -3)"
        status=1
    else
        echo "   ok: no spec: exit 2; a broken spec: exit 1, nothing written"
    fi
fi

vnu=${VNU_JAR:-}
if [[ -z $vnu ]]; then
    IFS=: read -r -a node_dirs <<<"${NODE_PATH:-}"
    for d in "${node_dirs[@]}"; do
        [[ -n $d && -f $d/vnu-jar/build/dist/vnu.jar ]] && vnu=$d/vnu-jar/build/dist/vnu.jar && break
    done
fi
if [[ -n $vnu && -f $vnu ]] && command -v java >/dev/null; then
    echo "== Nu HTML checker on every page of the site"
    mapfile -t all < <(find "$out/site" -name '*.html' | sort)
    if java -jar "$vnu" --errors-only "${all[@]}"; then
        echo "   ok: no errors in ${#all[@]} pages"
    else
        echo "FAIL: the Nu HTML checker reports errors"
        status=1
    fi
else
    skip_or_fail "Nu HTML checker skipped (set VNU_JAR, or npm install vnu-jar on NODE_PATH; needs java)" part || status=1
fi

chromium=${CHROMIUM:-/usr/bin/chromium}
if [[ -x $chromium ]] && command -v node >/dev/null && node -e 'require("playwright-core")' 2>/dev/null; then
    echo "== headless Chromium: the site's pages at every width"
    fits=()
    while IFS= read -r f; do
        rel=${f#"$out/site/"}
        fits+=(--fit "${rel//\//-}=$f")
    done < <(find "$out/site" -maxdepth 1 -name '*.html' | sort)
    newest=$(find "$out/site" -mindepth 2 -name jvmti.html | sort -V | tail -1)
    fits+=(--fit "newest-page=$newest")
    CHROMIUM=$chromium node "$srcdir/tests/html/html_browser.js" --out "$out/screenshots" "${fits[@]}" || status=1
else
    skip_or_fail "headless Chromium skipped (needs $chromium, node, and playwright-core on NODE_PATH)" part || status=1
fi
exit $status
