#!/usr/bin/env bash
# align.sh — `jvmtigen align` on the shared Chinese text of JDK 21's page
# ($SPEC_DIR/../translations/jvmti-21-zh_CN.txt) and `--lint --translations`.
# Checks:
# - the catalog is one GNU gettext's `msgfmt --check` accepts, two runs give
#   the same bytes, --translations loads it and the page is written;
# - coverage by part (units placed with confidence) is at or above the
#   floors below: what the alignment honestly reaches today, to be raised
#   as it improves (the aim is 90 % in every part);
# - the units counted apart as not on the page (not in "all") are the ones
#   the English page hides (its issues section) or leaves out (implied
#   jclass parameters): none has a visible anchor there;
# - no entry placed with confidence names other identifiers than its
#   English (--lint finds none), while the same catalog with its fuzzy flags
#   cleared has such entries, listed at their PO file lines (so --lint can
#   fail);
# - a few units checked by hand against the text: section titles (one a
#   question, some only placed by the code names of the text after them,
#   none a list of functions, none the end of a broken sentence or the
#   page's own heading), a function's title that is also an English word,
#   an event's title, an
#   event parameter's row, a function's error row that the page follows
#   with its own rows of common errors, an error row whose name the
#   description mentions before the table, an error a function lists
#   twice with two meanings (two units of one msgctxt), parameter rows whose names the
#   text translated ("深度jint"), one without the sentence the page adds
#   to a parameter that may be NULL; the fields of a type the page shows
#   before its function's parameters, one glued to the NULL before it, one
#   glued to a code name (fuzzy: not placed with confidence), the last
#   field of a type followed at once by prose, a constant of a section
#   whose heading is not sure (its table's keys are evidence enough), a
#   section whose example the text shows in place; a type's description
#   (the text glues its heading to the line before), a base type's row
#   after a run of empty cells, constants' rows glued to the cell before
#   ("JNIjbyteJVMTI_...") that end before the next type's glued heading,
#   an error row glued to a code name, parameter rows whose translated
#   names follow a code name ("JVMTI_DISABLE事件类型jvmtiEvent"), a field
#   whose name the text translated ("种类jvmtiParamKind");
# - `jvmtigen site --lang=zh_CN --translations` of JDK 21: every anchor of
#   the English page, lang zh-CN, the first section and at least
#   $heading_floor % of the headings in Chinese; the Nu checker (when
#   present) finds no error; headless Chromium (when present) at 390 and
#   1440 px: no overflow, light and dark (screenshots in tests/out/align/);
# - bad input (no text, a NUL byte, not UTF-8, no arguments): exit 1 with
#   one "FILE:LINE: error:" line (FILE: alone when the whole file is at
#   fault) and nothing written, or exit 2.
# Exit 0 pass, 1 fail, 77 skip.
set -euo pipefail

: "${JVMTIGEN:?}" "${SPEC_DIR:?}" "${builddir:?}"
spec=$SPEC_DIR/jdk21/jvmti.xml
text=$SPEC_DIR/../translations/jvmti-21-zh_CN.txt
if [[ ! -f $spec || ! -f $text ]]; then
    [[ ${CI:-} == true ]] && { echo "FAIL: under CI the spec and the translated text must be there: $spec $text"; exit 1; }
    echo "SKIP: no $spec or $text"
    exit 77
fi
. "$srcdir/tests/skip-lib.sh"   # skip_or_fail
for tool in msgfmt msgattrib; do
    command -v $tool >/dev/null || skip_or_fail "no $tool (GNU gettext)"
done
out=$builddir/tests/out/align
rm -rf "$out"
mkdir -p "$out"
status=0
fail() { echo "FAIL: $*"; status=1; }

# Floors, in per cent of each part's units placed with confidence.
# and of the page's headings that read as Chinese (the rest: the sections
# the text does not have, such as the issues, and those not placed)
heading_floor=92
declare -A floor=(
    [sections]=92.8 [functions]=91.7 [parameters]=85.2 [events]=96.8 [types]=83.1 [capabilities]=96.6 [errors]=83.7
    [history]=94.9 [all]=88.6
)

echo "== jvmtigen align: a catalog gettext accepts"
"$JVMTIGEN" align -q -o "$out/zh_CN.po" --report="$out/report.tsv" "$spec" "$text"
"$JVMTIGEN" align -o "$out/zh_CN-2.po" "$spec" "$text" 2>"$out/coverage.txt"
cat "$out/coverage.txt"
cmp -s "$out/zh_CN.po" "$out/zh_CN-2.po" || fail "two runs of jvmtigen align differ"
msgfmt --check -o /dev/null "$out/zh_CN.po" 2>"$out/msgfmt.err" || { fail "msgfmt --check:"; cat "$out/msgfmt.err"; }

echo "== coverage by part"
for part in "${!floor[@]}"; do
    pct=$(awk -v p="$part" '$1 == p { sub(/%/, "", $6); print $6 }' "$out/coverage.txt")
    if [[ -z $pct ]]; then
        fail "no coverage line for $part"
    elif awk -v a="$pct" -v b="${floor[$part]}" 'BEGIN { exit !(a + 0 < b + 0) }'; then
        fail "$part: $pct % placed, below the floor of ${floor[$part]} %"
    else
        echo "   ok: $part $pct % (floor ${floor[$part]} %)"
    fi
done
# the report and the catalog agree: every placed unit is a non-fuzzy entry
placed=$(awk -F'\t' '$3 == "placed"' "$out/report.tsv" | cut -f1 | sort -u | wc -l)
nonfuzzy=$(msgattrib --no-fuzzy --translated "$out/zh_CN.po" | grep -c '^msgctxt ' || true)
[[ $placed -gt 0 && $placed -le $nonfuzzy ]] || fail "report says $placed contexts placed, the catalog has $nonfuzzy non-fuzzy entries"

echo "== not on the page: units the rendered English page does not show"
# counted apart (not in "all"): each must have no anchor on the English page
# (an implied jclass parameter) or sit in its hidden issues section
hidden=$(awk -F'\t' '$2 == "not-on-page"' "$out/report.tsv" | cut -f1 | sort -u)
"$JVMTIGEN" --html -o "$out/html-en" "$spec"
python3 - "$out/html-en/jvmti.html" $hidden <<'PY' || status=1
import sys
from html.parser import HTMLParser
class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.shown, self.depth = set(), 0      # depth > 0: inside a hidden element
        self.stack = []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        hide = "hidden" in a or self.depth > 0
        if tag not in ("br", "img", "input", "meta", "link", "hr", "wbr", "col", "source"):
            self.stack.append(hide)
            self.depth += hide
        if "id" in a and not hide:
            self.shown.add(a["id"])
    def handle_endtag(self, tag):
        if self.stack and tag not in ("br", "img", "input", "meta", "link", "hr", "wbr", "col", "source"):
            self.depth -= self.stack.pop()
p = Page()
p.feed(open(sys.argv[1], encoding="utf-8").read())
units = sys.argv[2:]
shown = [u for u in units if u in p.shown]
if len(units) < 30 or shown:
    print(f"FAIL: {len(units)} units not on the page, of which shown: {shown[:10]}")
    sys.exit(1)
print(f"   ok: {len(units)} units the page hides or leaves out (issues, implied jclass parameters)")
PY
grep -q '^not-on-page ' "$out/coverage.txt" || fail "coverage does not count the units not on the page apart"

echo "== identifiers: none disagree among the entries placed with confidence"
"$JVMTIGEN" --lint --translations="$out/zh_CN.po" "$spec" >"$out/lint.out" 2>&1 || true
n=$(grep -c 'translation-identifiers' "$out/lint.out" || true)
if [[ $n -ne 0 ]]; then
    fail "--lint lists $n entries whose identifiers differ:"; grep 'translation-identifiers' "$out/lint.out" | head
else
    echo "   ok: 0 entries"
fi
msgattrib --clear-fuzzy -o "$out/unfuzzy.po" "$out/zh_CN.po"
"$JVMTIGEN" --lint --translations="$out/unfuzzy.po" "$spec" >"$out/lint-unfuzzy.out" 2>&1 || true
n=$(grep -c "^$out/unfuzzy.po:[0-9]*: warning: \[translation-identifiers\] msgctxt " "$out/lint-unfuzzy.out" || true)
if [[ $n -lt 10 ]]; then
    fail "with the fuzzy flags cleared --lint lists only $n entries (the fuzzy ones are fuzzy for a reason)"
else
    echo "   ok: with the fuzzy flags cleared, --lint lists $n entries at their lines"
fi

echo "== the page from the catalog"
if "$JVMTIGEN" --html -o "$out/html" --translations="$out/zh_CN.po" "$spec" 2>"$out/html.err"; then
    grep -q '单步' "$out/html/jvmti.html" || fail "the page lacks the translated title of SingleStep"
    echo "   ok: jvmti.html written"
else
    fail "--html --translations:"; cat "$out/html.err"
fi

echo "== the Chinese JDK 21 site from the catalog"
"$JVMTIGEN" site -q -o "$out/site" --lang=zh_CN --translations="$out/zh_CN.po" "$spec" 2>"$out/site.err" ||
    { fail "site --lang=zh_CN --translations exited non-zero:"; cat "$out/site.err"; }
"$JVMTIGEN" site -q -o "$out/site-en" "$spec"
python3 - "$out/site-en/21/jvmti.html" "$out/site/21/jvmti.html" "$heading_floor" <<'PY' || status=1
import re, sys
from html.parser import HTMLParser
class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.heads, self.cur, self.lang = set(), [], None, None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        if "id" in a:
            self.ids.add(a["id"])
        if tag in ("h1", "h2", "h3", "h4"):
            self.cur = [tag, a.get("id", ""), ""]
    def handle_endtag(self, tag):
        if self.cur and tag == self.cur[0]:
            self.heads.append(self.cur)
            self.cur = None
    def handle_data(self, d):
        if self.cur:
            self.cur[2] += d
en, zh = Page(), Page()
en.feed(open(sys.argv[1], encoding="utf-8").read())
zh.feed(open(sys.argv[2], encoding="utf-8").read())
bad = []
if en.ids - zh.ids:
    bad.append(f"anchors missing from the Chinese page: {sorted(en.ids - zh.ids)[:10]}")
if zh.lang != "zh-CN":
    bad.append(f'<html lang="{zh.lang}">, expected zh-CN')
cjk = [h for h in zh.heads if re.search("[\u4e00-\u9fff]", h[2])]
share = 100 * len(cjk) // max(1, len(zh.heads))
if share < int(sys.argv[3]):
    bad.append(f"only {share} % of the headings read as Chinese (floor {sys.argv[3]} %)")
# the change history reads as Chinese too: its introduction and its rows
# (the text's first change, "Converted to XML document")
hist = open(sys.argv[2], encoding="utf-8").read().split('id="ChangeHistory"', 1)
if len(hist) < 2 or "转换为XML文档" not in hist[1] or "不断发展的文档" not in hist[1]:
    bad.append("the change history of the Chinese page is not in Chinese")
first = next((h for h in zh.heads if h[1] == "whatIs"), None)
if not first or not re.search("[\u4e00-\u9fff]", first[2]):
    bad.append(f"the first section's heading is not Chinese: {first}")
for b in bad:
    print("FAIL:", b)
if not bad:
    print(f"   ok: all {len(en.ids)} anchors of the English page, lang zh-CN, {share} % of {len(zh.heads)} headings in Chinese")
    print("   English headings left:", "; ".join(h[2].strip() for h in zh.heads if h not in cjk)[:600])
sys.exit(1 if bad else 0)
PY
vnu=${VNU_JAR:-}
if [[ -z $vnu ]]; then
    IFS=: read -r -a node_dirs <<<"${NODE_PATH:-}"
    for d in "${node_dirs[@]}"; do
        [[ -n $d && -f $d/vnu-jar/build/dist/vnu.jar ]] && vnu=$d/vnu-jar/build/dist/vnu.jar && break
    done
fi
if [[ -n $vnu && -f $vnu ]] && command -v java >/dev/null; then
    if java -jar "$vnu" --errors-only "$out/site/21/jvmti.html" "$out/site/index.html"; then
        echo "   ok: the Nu HTML checker finds no error"
    else
        fail "the Nu HTML checker reports errors on the Chinese site"
    fi
else
    skip_or_fail "Nu HTML checker skipped (set VNU_JAR, or npm install vnu-jar on NODE_PATH; needs java)" part || fail "the Nu HTML checker is missing"
fi
chromium=${CHROMIUM:-/usr/bin/chromium}
if [[ -x $chromium ]] && command -v node >/dev/null && node -e 'require("playwright-core")' 2>/dev/null; then
    echo "   headless Chromium at 390 and 1440 px (screenshots in $out/screenshots)"
    CHROMIUM=$chromium node "$srcdir/tests/html/html_browser.js" --out "$out/screenshots" --widths 390,1440 \
        --lang zh-CN --layout "zh21=$out/site/21/jvmti.html" || fail "the Chinese page in Chromium"
else
    skip_or_fail "headless Chromium skipped (needs $chromium, node, and playwright-core on NODE_PATH)" part || fail "headless Chromium is missing"
fi

echo "== units checked by hand against the text"
entry() { # msgctxt -> the msgstr of its non-fuzzy entries, one line
    msgattrib --no-fuzzy --no-wrap "$out/zh_CN.po" |
        awk -v c="msgctxt \"$1\"" '$0 == c { on = 1; next }
            on && /^msgstr / { sub(/^msgstr /, ""); s = $0; on = 2; next }
            on == 2 && /^"/ { s = s $0; next }
            on == 2 { gsub(/""/, "", s); print s; on = 0 }
            END { if (on == 2) { gsub(/""/, "", s); print s } }'
}
want() { # msgctxt, a msgstr it must have
    if entry "$1" | grep -qF -- "$2"; then echo "   ok: $1"; else fail "$1: no non-fuzzy msgstr with '$2' (has: $(entry "$1"))"; fi
}
want SingleStep '"单步"'
want Allocate '"分配"'
want whatIs '"JVM工具接口是什么?"'
want architecture '"架构"'
for bad in 'bci:这是通过调用' 'functionsExceptions:函数索引'; do
    if entry "${bad%%:*}" | grep -qF "\"${bad#*:}\""; then
        fail "${bad%%:*} has the title '${bad#*:}' (a broken sentence or the page's own heading)"
    fi
done
want functionReturn '"函数返回值"'
want writingAgents '并在源代码中添加<example>'
want jvmtiHeapCallbacks.reserved15 '"保留以供将来使用。"'
want JVMTI_TIMER_USER_CPU '"线程在用户模式下的CPU时间。"'
want bci '"字节码插装"'
want context '"规范上下文"'
want context '"由于此接口提供对在Java虚拟机中运行的应用程序状态的访问;'
want functionsExceptions '"异常和函数"'
want memory '"内存管理"'
want local '"本地变量"'
want timers '"计时器"'
want eventorder '"多个共同位置的事件"'
want jvmtiEventCallbacks '"下面的事件回调结构用于指定事件的处理程序函数。'
want RawMonitorNotify '"通知等待原始监视器的单个线程。"'
want GetCapabilities '"通过<paramlink id=\"capabilities_ptr\"/>返回此环境当前拥有的可选<jvmti/>功能。'
if entry IterateOverHeap.heap_object_callback | grep -q klass; then
    fail "IterateOverHeap.heap_object_callback has the next function's row (it names klass)"
fi
if entry IterateOverInstancesOfClass | grep -q '本地变量'; then
    fail "IterateOverInstancesOfClass (whose heading the text lost) has the next category's text"
fi
if entry local | grep -q '函数:'; then
    fail "a category's title runs on into its list of functions"
fi
want MethodExit.thread '"退出方法的线程"'
want IsModifiableModule/JVMTI_ERROR_INVALID_MODULE '不是模块对象。"'
want GetThreadCpuTime/JVMTI_ERROR_UNSUPPORTED_OPERATION '是虚拟线程,且实现不支持获取虚拟线程的线程CPU时间。"'
want SetLocalInt/JVMTI_ERROR_OPAQUE_FRAME '"不是可见帧"'
want SetLocalInt/JVMTI_ERROR_OPAQUE_FRAME '"线程是挂起的虚拟线程,实现不支持在给定深度的帧中设置本地变量的值。请参阅本地变量。"'
want GetLocalInt.depth '"包含变量值的帧的深度。"'
want GetLocalInt.thread '"包含变量值的帧的线程。"'
want jvmtiThreadInfo.context_class_loader '"与此线程关联的上下文类加载器。"'
want jvmtiMonitorUsage.owner '"拥有此监视器的线程,如果未使用则为 <code>NULL</code>"'
want jvmtiFrameInfo '"返回有关堆栈帧的信息在此结构中。"'
want jvmtiHeapReferenceInfoField '引用。"'
want jthread '的子类型,保存线程。"'
want JVMTI_PRIMITIVE_TYPE_BYTE '- JNI<code>jbyte</code>"'
want JVMTI_PRIMITIVE_TYPE_DOUBLE '- JNI<code>jdouble</code>"'
want RunAgentThread/JVMTI_ERROR_UNSUPPORTED_OPERATION '是虚拟线程。"'
want SetEventNotificationMode.mode '或<code>JVMTI_DISABLE</code>"'
want SetEventNotificationMode.event_type '"要控制的事件"'
want jvmtiParamInfo.kind '"参数的种类 - 类型修饰符"'
if entry jvmtiExtensionFunctionInfo.id | grep -q short_description; then
    fail "a field's text runs on into the next row"
fi
if entry IsModifiableModule/JVMTI_ERROR_INVALID_MODULE | grep -q NULL_POINTER; then
    fail "an error row runs on into the page's own rows"
fi

echo "== bad input"
bad() { # name, expected status, args...
    local name=$1 want=$2
    shift 2
    local rc=0
    rm -f "$out/bad.po"
    "$JVMTIGEN" align -q -o "$out/bad.po" "$@" >"$out/bad.out" 2>"$out/bad.err" || rc=$?
    if [[ $rc -ne $want ]]; then
        fail "$name: exit $rc, expected $want"; cat "$out/bad.err"
    elif [[ -e $out/bad.po ]]; then
        fail "$name: a catalog was written"
    elif [[ $want -eq 1 ]] && ! { [[ $(wc -l <"$out/bad.err") -eq 1 ]] && grep -q "^$out/[a-z]*\.txt\(:[0-9]*\)\?: error: " "$out/bad.err"; }; then
        fail "$name: expected one FILE[:LINE]: error: line, got:"; cat "$out/bad.err"
    else
        echo "   ok: $name: $(head -1 "$out/bad.err")"
    fi
}
bad "missing text" 1 "$spec" "$out/nothing.txt"
printf '第一行\n第二\0行\n' >"$out/nul.txt"
bad "a NUL byte" 1 "$spec" "$out/nul.txt"
printf '第一行\n\xff\xfe\n' >"$out/latin.txt"
bad "not UTF-8" 1 "$spec" "$out/latin.txt"
: >"$out/empty.txt"
bad "empty text" 1 "$spec" "$out/empty.txt"
bad "no text given" 2 "$spec"

exit $status
