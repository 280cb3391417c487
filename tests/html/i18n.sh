#!/usr/bin/env bash
# i18n.sh — translations (issue 13 item 5): `jvmtigen pot`, --translations,
# --lang, and both with `jvmtigen site`, on the JDK 17 spec.
# Checks:
# - `jvmtigen pot SPEC` and `jvmtigen pot --ui` write templates GNU
#   gettext's `msgfmt --check` accepts and `msginit` starts a catalog from;
#   two runs give the same bytes; a full disk, a folder that cannot be made, a
#   broken spec: exit 1 and nothing written; no spec: exit 2;
# - po/zh_CN.po passes `msgfmt --check` and translates every message of
#   the current templates (msgmerge + msgattrib --untranslated: none left);
# - round trip: a fresh template, msginit'ed and given to --translations
#   (all untranslated), gives the English page byte for byte; the same
#   template filled with msgmerge from tests/html/zh_CN-prose.po (the
#   translator's file) shows its Chinese where it has an entry (titles,
#   descriptions, a parameter, a constant, a section; links in translated
#   markup still lead to their targets) and the English elsewhere;
# - a stale entry (its English changed in the spec; simulated by changing
#   the msgid in a copy) falls back to English and is listed by --lint at
#   its PO file line;
# - a malformed PO file (syntax, duplicate, charset, bad translated
#   markup, a --lang catalog using a slot the English has not) and a
#   missing one: exit 1, one "FILE:LINE: error:" line, nothing written;
#   --lang=xx: exit 2, one line;
# - --lang=zh_CN: <html lang="zh-CN">, headings and fixed sentences in
#   Chinese, the search index with the translated section and function
#   titles (the English section name kept as keywords); the Nu checker (when present, as in html.sh) finds no error;
#   headless Chromium (when present) at 360 and 1280 px, light and dark,
#   default and --html-plain: no overflow, the phone contents button, the
#   search box counting in Chinese (screenshots in tests/out/i18n/);
# - `jvmtigen site` with --html-plain, --doc-base, --lang and
#   --translations: plain pages, links under the doc base (or relative),
#   Chinese words and prose, lang on every page.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${builddir:?}" "${srcdir:?}"
spec=$SPEC_DIR/jdk17/jvmti.xml
. "$srcdir/tests/skip-lib.sh"   # skip_or_fail
[[ -f $spec ]] || { echo "SKIP: no $spec"; exit 77; }
for tool in msgfmt msginit msgmerge msgattrib; do
    command -v $tool >/dev/null || skip_or_fail "no $tool (GNU gettext)"
done
out=$builddir/tests/out/i18n
rm -rf "$out"
mkdir -p "$out"
data=$srcdir/tests/html/zh_CN-prose.po
status=0
fail() { echo "FAIL: $*"; status=1; }

echo "== jvmtigen pot: templates gettext accepts"
"$JVMTIGEN" pot -o "$out/jvmti.pot" "$spec"
"$JVMTIGEN" pot "$spec" >"$out/jvmti-2.pot"
cmp -s "$out/jvmti.pot" "$out/jvmti-2.pot" || fail "two runs of jvmtigen pot differ"
"$JVMTIGEN" pot --ui -o "$out/ui.pot"
for f in "$out/jvmti.pot" "$out/ui.pot" "$srcdir/po/zh_CN.po" "$data"; do
    if msgfmt --check -o /dev/null "$f" 2>"$out/msgfmt.err"; then
        echo "   ok: msgfmt --check $(basename "$f")"
    else
        fail "msgfmt --check $f:"; cat "$out/msgfmt.err"
    fi
done
for v in jdk8 jdk11 jdk21 jdk25; do
    [[ -f $SPEC_DIR/$v/jvmti.xml ]] || continue
    if "$JVMTIGEN" pot -q -o "$out/$v.pot" "$SPEC_DIR/$v/jvmti.xml" && msgfmt --check -o /dev/null "$out/$v.pot" 2>/dev/null; then
        echo "   ok: msgfmt --check the $v template"
    else
        fail "the $v template: jvmtigen pot or msgfmt --check failed"
    fi
done
n=$(grep -c '^msgid ' "$out/jvmti.pot")
((n > 1000)) && echo "   ok: $n entries for the JDK 17 spec" || fail "only $n entries in the template"
set +e
"$JVMTIGEN" pot "$spec" >/dev/full 2>"$out/pot.err"; rc_full=$?
: >"$out/a-file"   # a folder that cannot be made: a file is in the way
"$JVMTIGEN" pot -o "$out/a-file/dir/x.pot" "$spec" 2>>"$out/pot.err"; rc_dir=$?
"$JVMTIGEN" pot 2>>"$out/pot.err"; rc_none=$?
"$JVMTIGEN" pot -q -o "$out/broken.pot" "$SPEC_DIR/broken/truncated-jvmti.xml" 2>>"$out/pot.err"; rc_broken=$?
set -e
if ((rc_full == 1 && rc_dir == 1 && rc_none == 2)) && [[ ! -e $out/broken.pot ]] &&
    { [[ ! -f $SPEC_DIR/broken/truncated-jvmti.xml ]] || ((rc_broken == 1)); }; then
    echo "   ok: a full disk, a folder that cannot be made, a broken spec: exit 1, nothing written; no spec: exit 2"
else
    fail "jvmtigen pot errors: full $rc_full, dir $rc_dir, no spec $rc_none, broken spec $rc_broken:"; cat "$out/pot.err"
fi
msginit --no-translator -l zh_CN -i "$out/jvmti.pot" -o "$out/new.po" 2>"$out/msginit.err" ||
    { fail "msginit refuses the template:"; cat "$out/msginit.err"; }

echo "== po/zh_CN.po translates every message of the templates"
msgmerge -q --no-fuzzy-matching -o "$out/ui-zh.po" "$srcdir/po/zh_CN.po" "$out/ui.pot"
left=$(msgattrib --untranslated --no-obsolete "$out/ui-zh.po" | grep -c '^msgid ' || true)
# msgattrib prints the header entry too when there is anything else
if ((left > 1)); then
    fail "$((left - 1)) messages of the templates have no Chinese:"
    msgattrib --untranslated --no-obsolete "$out/ui-zh.po" | grep -A1 '^msgctxt\|^msgid' | head -20
else
    echo "   ok: all $(grep -c '^msgid ' "$out/ui.pot") messages translated"
fi

echo "== round trip: pot -> po -> html"
"$JVMTIGEN" --html -o "$out/en" "$spec"
"$JVMTIGEN" --html --translations="$out/new.po" -o "$out/untranslated" "$spec"
cmp -s "$out/en/jvmti.html" "$out/untranslated/jvmti.html" &&
    echo "   ok: an untranslated catalog gives the English page byte for byte" ||
    fail "an untranslated catalog changes the page"
msgmerge -q --no-fuzzy-matching -o "$out/filled.po" "$data" "$out/jvmti.pot"
"$JVMTIGEN" --html --translations="$out/filled.po" -o "$out/zh-prose" "$spec" 2>"$out/zh-prose.err" ||
    { fail "--translations exited non-zero:"; cat "$out/zh-prose.err"; }
if grep -q 'stale\|no English of the spec' "$out/zh-prose.err"; then
    fail "the filled catalog has stale entries: $(cat "$out/zh-prose.err")"
fi

# Expected texts are the translator's (tests/html/zh_CN-prose.po), read from the PO file by
# msgattrib/msgcat-free means: the msgstr of a few entries, as written there.
python3 - "$out/zh-prose/jvmti.html" "$out/en/jvmti.html" <<'PY' || status=1
import re, sys, html.parser
zh, en = sys.argv[1], sys.argv[2]

class Page(html.parser.HTMLParser):
    """text of each element with an id, and the hrefs inside it"""
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.text, self.links = [], {}, {}
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("br", "wbr", "img", "input", "meta", "link", "hr"):
            return
        self.stack.append((tag, a.get("id")))
        if tag == "a" and a.get("href"):
            for _, i in self.stack:
                if i: self.links.setdefault(i, []).append(a["href"])
    def handle_endtag(self, tag):
        while self.stack:
            t, _ = self.stack.pop()
            if t == tag: break
    def handle_data(self, d):
        for _, i in self.stack:
            if i: self.text[i] = self.text.get(i, "") + d

def load(p):
    pg = Page(); pg.feed(open(p, encoding="utf-8").read()); return pg
z, e = load(zh), load(en)
bad = []
def has(pid, text, page=z, name="Chinese page"):
    t = re.sub(r"\s+", " ", page.text.get(pid, "")).replace("\u00a0", " ")
    if text not in t:
        bad.append(f"{name}: #{pid} lacks {text!r} (has {t[:120]!r})")
# translated where the catalog has an entry
has("whatIs", "什么是 JVM 工具接口？")
has("SpecificationIntro", "JVM TI 是双向接口")
has("architecture", "体系结构")
has("GetPhase", "获取阶段")
has("Deallocate", "释放内存")
has("Deallocate", "都应使用此函数释放")
has("jvmtiPhase", "执行阶段")
has("RedefineClasses", "新的类文件的版本号不受此虚拟机支持。")     # an error row of one function
row = re.search(r'id="GetPhase\.phase_ptr".*?</tr>', open(zh, encoding="utf-8").read(), re.S)
if not row or "返回时，指向当前阶段。" not in row.group(0):
    bad.append("GetPhase.phase_ptr's row lacks its translated description")
live = re.search(r'id="JVMTI_PHASE_LIVE".*?</tr>', open(zh, encoding="utf-8").read(), re.S)
if not live or "活动阶段：从发送" not in live.group(0) or 'href="#VMInit"' not in live.group(0) \
        or 'href="#VMDeath"' not in live.group(0):
    bad.append("JVMTI_PHASE_LIVE's translation lacks its text or its links to VMInit and VMDeath")
# links in translated markup keep their targets
if "#Allocate" not in z.links.get("Deallocate", []):
    bad.append("Deallocate's translated description lost its link to Allocate")
if not any(h.endswith("jpda/architecture.html") for h in z.links.get("SpecificationIntro", [])):
    bad.append("the translated architecture section lost its external link")
# English elsewhere: these have no entry
has("GetThreadState", "Get Thread State")
has("GetThreadState", "Get the state of a thread.")
has("Allocate", "Allocate an area of memory through the")
# and the English page has no Chinese at all
if re.search("[\u4e00-\u9fff]", open(en, encoding="utf-8").read()):
    bad.append("the English page has Chinese in it")
for b in bad:
    print("FAIL:", b)
print("   ok: translated where given, English elsewhere, links kept" if not bad else "")
sys.exit(1 if bad else 0)
PY

echo "== a stale entry: English again, listed by --lint at its line"
sed 's/^msgid "On return, points to the phase."$/msgid "On return, points to the current phase."/' \
    "$out/filled.po" >"$out/stale.po"
cmp -s "$out/filled.po" "$out/stale.po" && fail "could not make the stale copy"
line=$(grep -n '^msgctxt "GetPhase.phase_ptr"$' "$out/stale.po" | cut -d: -f1)
"$JVMTIGEN" --lint --translations="$out/stale.po" "$spec" >"$out/lint.out" 2>&1 || fail "--lint exited non-zero"
if grep -qx "$out/stale.po:$line: warning: \[stale-translation\] msgctxt \"GetPhase.phase_ptr\": .*" "$out/lint.out" &&
    (($(grep -c 'stale-translation' "$out/lint.out") == 1)); then
    echo "   ok: --lint lists it at stale.po:$line, and nothing else"
else
    fail "--lint does not list the stale entry at stale.po:$line:"; grep -i 'stale\|po:' "$out/lint.out" || true
fi
"$JVMTIGEN" --html --translations="$out/stale.po" -o "$out/stale" "$spec" 2>"$out/stale.err" || fail "stale html"
grep -q 'matches no English of the spec' "$out/stale.err" || fail "no warning about the stale entry when generating"
python3 - "$out/stale/jvmti.html" <<'PY' || status=1
import re, sys
t = open(sys.argv[1], encoding="utf-8").read()
row = re.search(r'id="GetPhase\.phase_ptr".*?</tr>', t, re.S).group(0)
ok = "On return, points to the phase." in row and "返回时" not in row and "获取阶段" in t
print("   ok: the stale entry shows the English, the others their Chinese" if ok else
      "FAIL: the stale entry's row: " + row[:300])
sys.exit(0 if ok else 1)
PY

echo "== malformed PO files: one FILE:LINE message, exit 1, nothing written"
bad_case() {    # NAME EXPECTED-LINE (- for none) CONTENT-FILE [jvmtigen options...]
    local name=$1 line=$2 file=$3; shift 3
    rm -rf "$out/bad"
    set +e
    "$JVMTIGEN" --html -o "$out/bad" "$@" "$spec" >"$out/bad.out" 2>"$out/bad.err"
    local rc=$?
    set -e
    local n where; n=$(wc -l <"$out/bad.err")
    where=$file:$line
    [[ $line == - ]] && where=$file
    if ((rc == 1 && n == 1)) && grep -qF "$where: error: " "$out/bad.err" && [[ ! -e $out/bad/jvmti.html ]]; then
        echo "   ok: $name: $(cat "$out/bad.err")"
    else
        fail "$name: exit $rc, $n lines (expected exit 1, one $where: error: line, no output):"
        cat "$out/bad.err"
    fi
}
printf 'msgctxt "GetPhase"\nmsgid "Get Phase"\nmsgstr "a"\nmsgtxt "b"\n' >"$out/keyword.po"
bad_case "unknown keyword" 4 "$out/keyword.po" --translations="$out/keyword.po"
printf 'msgctxt "GetPhase"\nmsgid "Get Phase"\nmsgstr "a"\n\nmsgctxt "GetPhase"\nmsgid "Get Phase"\nmsgstr "b"\n' >"$out/dup.po"
bad_case "duplicate entry" 6 "$out/dup.po" --translations="$out/dup.po"
printf 'msgid ""\nmsgstr "Content-Type: text/plain; charset=ISO-8859-1\\n"\n' >"$out/latin1.po"
bad_case "not UTF-8" 1 "$out/latin1.po" --translations="$out/latin1.po"
sed 's|^msgstr "返回时，指向当前阶段。"$|msgstr "返回时，<code>指向当前阶段。"|' "$out/filled.po" >"$out/markup.po"
mline=$(grep -n '^msgctxt "GetPhase.phase_ptr"$' "$out/markup.po" | cut -d: -f1)
bad_case "translated markup not well-formed" "$mline" "$out/markup.po" --translations="$out/markup.po"
bad_case "missing file" - "$out/none.po" --translations="$out/none.po"
mkdir -p "$out/podir"
printf 'msgctxt "kind_inptr"\nmsgid "Agent passes in a pointer{{to}}. {{nullok}}"\nmsgstr "{{bogus}}"\n' >"$out/podir/zz.po"
JVMTIGEN_PODIR=$out/podir bad_case "--lang catalog with a slot the English has not" 1 "$out/podir/zz.po" --lang=zz
set +e
"$JVMTIGEN" --html --lang=xx -o "$out/bad" "$spec" 2>"$out/bad.err"; rc=$?
set -e
if ((rc == 2)) && (($(wc -l <"$out/bad.err") == 1)) && grep -q -- '--lang=xx: no catalog' "$out/bad.err"; then
    echo "   ok: unknown language: $(cat "$out/bad.err")"
else
    fail "--lang=xx: exit $rc: $(cat "$out/bad.err")"
fi

echo "== --lang=zh_CN"
"$JVMTIGEN" --html --lang=zh_CN --translations="$out/filled.po" -o "$out/zh" "$spec"
"$JVMTIGEN" --html --html-plain --lang=zh_CN --translations="$out/filled.po" -o "$out/zh-plain" "$spec"
python3 - "$out/zh/jvmti.html" "$out/zh-plain/jvmti.html" <<'PY' || status=1
import re, sys
bad = []
for p in sys.argv[1:]:
    t = open(p, encoding="utf-8").read()
    if '<html lang="zh-CN">' not in t: bad.append(f"{p}: no lang=zh-CN")
    for want in ['<h3 id="FunctionIndex">函数索引</h3>', '>目录</button>', '只能在活动阶段调用',
                 '代理传入指向 <code>jvmtiPhase</code> 的指针', '获取阶段']:
        if want not in t: bad.append(f"{p}: lacks {want!r}")
    for english in ['<h3 id="FunctionIndex">Function Index</h3>', 'may only be called during the live phase',
                    'Agent passes a pointer to a']:
        if english in t: bad.append(f"{p}: still has {english!r}")
t = open(sys.argv[1], encoding="utf-8").read()
if 'data-many="{n} 个结果"' not in t: bad.append("search box words not translated")
# the search index names sections and functions as the page does
index = __import__("json").loads(re.search(r'<script type="application/json" id="jt-index">(.*?)</script>', t, re.S).group(1))
rows = {(r[0], index["kinds"][r[1]]): r for r in index["rows"]}
if ("体系结构", "section") not in rows: bad.append("the search index lacks the translated section 体系结构")
elif "architecture" not in (rows[("体系结构", "section")][4] or "").lower():
    bad.append("the translated section's row lost its English name as keywords")
if rows.get(("GetPhase", "function"), [None] * 4)[3] != "获取阶段": bad.append("GetPhase's search row lacks its translated title")
for b in bad: print("FAIL:", b)
if not bad: print("   ok: lang=zh-CN, the page's words in Chinese, none of them left in English")
sys.exit(1 if bad else 0)
PY

echo "== jvmtigen site --html-plain --doc-base --lang --translations"
"$JVMTIGEN" site -q -o "$out/site" --html-plain --doc-base=https://docs.example.org/jdk/specs/ \
    --lang=zh_CN --translations="$out/filled.po" "$SPEC_DIR/jdk11/jvmti.xml" "$spec" 2>"$out/site.err" ||
    { fail "site exited non-zero:"; cat "$out/site.err"; }
"$JVMTIGEN" site -q -o "$out/site-rel" --doc-base= "$spec" "$SPEC_DIR/jdk11/jvmti.xml"
python3 - "$out/site" "$out/site-rel" <<'PY' || status=1
import os, re, sys
site, rel = sys.argv[1], sys.argv[2]
bad = []
for root, _, files in os.walk(site):
    for f in files:
        t = open(os.path.join(root, f), encoding="utf-8").read()
        if '<html lang="zh-CN">' not in t: bad.append(f"{f} in {root}: no lang=zh-CN")
p17 = open(os.path.join(site, "17", "jvmti.html"), encoding="utf-8").read()
for extra in ['id="jt-search"', 'class="checks"', 'class="legend"', 'id="jvmtigenChecks"']:
    if extra in p17: bad.append(f"plain site page has {extra}")
if 'href="https://docs.example.org/jdk/specs/jni/index.html"' not in p17: bad.append("doc base not applied")
if "docs.oracle.com/en/java/javase/17/docs/specs/jni" in p17: bad.append("a JDK docs link left on docs.oracle.com")
for want in ["获取阶段", "函数索引", '<nav class="versions" aria-label="版本"']:
    if want not in p17: bad.append(f"site page lacks {want!r}")
idx = open(os.path.join(site, "index.html"), encoding="utf-8").read()
if "相对上一版本的变更" not in idx: bad.append("index page words not translated")
chg = open(os.path.join(site, "changes-11-17.html"), encoding="utf-8").read()
for want in ["<title>JVM TI：从 11 到 17 的变更</title>", "<h2>事件</h2>"]:
    if want not in chg: bad.append(f"changes page lacks {want!r}")
r17 = open(os.path.join(rel, "17", "jvmti.html"), encoding="utf-8").read()
if 'href="jni/index.html"' not in r17: bad.append("--doc-base= does not keep links relative in site")
if 'id="jt-search"' not in r17: bad.append("site without --html-plain lost its search box")
for b in bad: print("FAIL:", b)
if not bad: print("   ok: plain, doc base (and relative), Chinese words and prose, lang on every page")
sys.exit(1 if bad else 0)
PY

# Optional: the Nu HTML checker, as in html.sh.
vnu=${VNU_JAR:-}
if [[ -z $vnu ]]; then
    IFS=: read -r -a node_dirs <<<"${NODE_PATH:-}"
    for d in "${node_dirs[@]}"; do
        [[ -n $d && -f $d/vnu-jar/build/dist/vnu.jar ]] && vnu=$d/vnu-jar/build/dist/vnu.jar && break
    done
fi
if [[ -n $vnu && -f $vnu ]] && command -v java >/dev/null; then
    echo "== Nu HTML checker on the Chinese pages"
    if java -jar "$vnu" --errors-only "$out/zh/jvmti.html" "$out/zh-plain/jvmti.html" "$out/site/index.html" \
        "$out/site/17/jvmti.html"; then
        echo "   ok: no errors"
    else
        fail "the Nu HTML checker reports errors"
    fi
else
    skip_or_fail "Nu HTML checker skipped (set VNU_JAR, or npm install vnu-jar on NODE_PATH; needs java)" part || status=1
fi

# A font with Chinese glyphs, or the zh_CN pages show boxes in a browser
# (fonts-noto-cjk, from scripts/setup-debian.sh).
if command -v fc-list >/dev/null && [[ -n $(fc-list :lang=zh family 2>/dev/null | head -1) ]]; then
    echo "== CJK font: $(fc-list :lang=zh family | head -1)"
else
    skip_or_fail "no font with Chinese glyphs (fc-list :lang=zh; apt-get install fonts-noto-cjk): the zh_CN pages show boxes" part || status=1
fi

# Optional: headless Chromium, as in html.sh, at two widths.
chromium=${CHROMIUM:-/usr/bin/chromium}
if [[ -x $chromium ]] && command -v node >/dev/null && node -e 'require("playwright-core")' 2>/dev/null; then
    echo "== headless Chromium: the zh_CN pages at 360 and 1280 px (screenshots in $out/screenshots)"
    CHROMIUM=$chromium node "$srcdir/tests/html/html_browser.js" --out "$out/screenshots" --widths 360,1280 \
        --lang zh-CN --layout "zh17=$out/zh/jvmti.html" --plain "zhplain17=$out/zh-plain/jvmti.html" || status=1
else
    skip_or_fail "headless Chromium skipped (needs $chromium, node, and playwright-core on NODE_PATH)" part || status=1
fi

exit $status
